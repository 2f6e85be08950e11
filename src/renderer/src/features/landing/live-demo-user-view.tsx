import { Button, Input, Modal, Tabs } from 'antd';
import { useId, useState } from 'react';
import { AntdFrame } from '../../lib/antd-frame';
import { useToast } from '../../lib/use-toast';
import { SAMPLE_NEWS } from './live-demo-data';

/** The visitor's side is antd (modal, tabs), loaded with its frame only when someone opens it. */
export function UserView() {
  return (
    <AntdFrame>
      <SampleSite />
    </AntdFrame>
  );
}

function SampleSite() {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const messageId = useId();

  const send = () => {
    if (!message.trim()) {
      toast.error('Message required', 'Please enter your feedback');
      return;
    }
    toast.success('Feedback sent');
    setMessage('');
  };

  return (
    <div className="tb-demo-site">
      <p className="tb-muted">shop.example.com: a sample website with the widget installed.</p>
      <Button type="primary" shape="round" className="tb-demo-launcher" onClick={() => setOpen(true)}>
        Feedback
      </Button>
      <Modal title="Support Widget" open={open} onCancel={() => setOpen(false)} footer={null}>
        <Tabs
          items={[
            {
              key: 'feedback',
              label: 'Feedback',
              children: (
                <div className="tb-field">
                  <label htmlFor={messageId}>Your feedback</label>
                  <Input.TextArea
                    id={messageId}
                    rows={3}
                    value={message}
                    onChange={(e) => setMessage(e.target.value)}
                  />
                  <Button type="primary" onClick={send} style={{ marginTop: 8 }}>
                    Send
                  </Button>
                </div>
              ),
            },
            {
              key: 'updates',
              label: 'Updates',
              children: SAMPLE_NEWS.map((post) => (
                <div key={post.id} className="tb-demo-row">
                  <span>
                    {post.icon} <strong>{post.title}</strong> {post.content}
                  </span>
                </div>
              )),
            },
          ]}
        />
      </Modal>
    </div>
  );
}
