import { useQueryClient } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { endSession } from '../../../lib/session';
import { useServerUrlStore } from '../stores/server-url-store';

/**
 * The "Tellbox server" card of /settings in the desktop app: the server in use, and Change, which
 * leads to the server screen. The session belongs to this server, so changing it logs out.
 */
export function ServerCard() {
  const url = useServerUrlStore((state) => state.url);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const endOnLeave = useRef(false);

  // Ended once this screen has gone: ended while it still shows, the route guard would send the
  // owner to /login instead of the server screen. Logout clears the keychain entry of this server.
  useEffect(
    () => () => {
      if (!endOnLeave.current) return;
      endSession();
      queryClient.removeQueries({ queryKey: ownerKeys.all });
    },
    [queryClient],
  );

  const onChange = () =>
    confirm({
      title: 'Change the Tellbox server?',
      content: 'You will be logged out, then log in on the server you choose.',
      okText: 'Change server',
      onOk: () => {
        endOnLeave.current = true;
        void navigate(paths.setupServer);
      },
    });

  return (
    <Card title={<h2 className="tb-card-title">Tellbox server</h2>}>
      <p className="tb-muted">This app works with your Tellbox server at:</p>
      <p className="tb-break">
        <strong>{url ?? 'No server set up'}</strong>
      </p>
      <Button onClick={onChange}>Change</Button>
    </Card>
  );
}
