/**
 * The visitor's side of the live demo: the real widget script (`/widget.js`, the very file owners
 * embed) on a sample shop, in its demo mode (widget/README.md): it draws the sample config and
 * hands what the visitor sends to this page, which puts it in the owner's inbox. No request goes
 * to the API.
 *
 * The widget runs in a frame laid over the drawn shop: there, as on a real site, its launcher is
 * fixed to the frame's corner, its dialog dims only the shop, and under 480 px it becomes the
 * bottom sheet phones get. The frame is this page's own (no address, same origin), so the page
 * hands the widget its `TellboxDemo` directly, and the page's CSP covers it.
 */
import { useEffect, useRef, useState } from 'react';
import type { PublicFeedbackInput } from '../../../../shared/schemas/feedback';
import type { WidgetDemo } from '../../../../shared/widget-demo';
import { DEMO_WIDGETS, demoWidgetConfig, type DemoWidget } from './live-demo-data';
import { DemoWindow } from './live-demo-window';
import './live-demo-user.css';

const WIDGET_SCRIPT = '/widget.js';
const SHOP = DEMO_WIDGETS[0] as DemoWidget;
const PRODUCTS = [
  { name: 'Ethiopia Yirgacheffe', price: '$18' },
  { name: 'Colombia Huila', price: '$16' },
  { name: 'House Espresso', price: '$15' },
];

/** The shop around the widget: a picture of a page, nothing in it to click. */
function SampleShop() {
  return (
    <div className="tb-ld-shop" aria-hidden="true">
      <div className="tb-ld-shop-nav">
        <strong>Northwind Coffee</strong>
        <span className="tb-ld-shop-links">
          <span>Shop</span>
          <span>About</span>
          <span>Cart (0)</span>
        </span>
      </div>
      <div className="tb-ld-shop-hero">
        <div>
          <p className="tb-ld-shop-title">Roasted on Monday, at your door by Friday</p>
          <p>Small-batch coffee from farms we know by name.</p>
          <span className="tb-ld-shop-cta">Shop the beans</span>
        </div>
        <span className="tb-ld-shop-photo tb-ld-shop-hero-photo" />
      </div>
      <div className="tb-ld-shop-products">
        {PRODUCTS.map((product) => (
          <div key={product.name} className="tb-ld-shop-product">
            <span className="tb-ld-shop-photo" />
            <span>{product.name}</span>
            <strong>{product.price}</strong>
          </div>
        ))}
      </div>
    </div>
  );
}

/** `onSend`: what the visitor sent, once the widget's form accepted it. */
export function UserView({ onSend }: { onSend: (input: PublicFeedbackInput) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [failed, setFailed] = useState(false);
  // The widget keeps the `send` it was given; this one always reaches the latest `onSend`.
  const latestOnSend = useRef(onSend);
  useEffect(() => {
    latestOnSend.current = onSend;
  }, [onSend]);

  useEffect(() => {
    const win = frame.current?.contentWindow as (Window & { TellboxDemo?: WidgetDemo }) | null | undefined;
    const doc = frame.current?.contentDocument;
    if (!win || !doc || win.TellboxDemo) return;
    win.TellboxDemo = {
      config: demoWidgetConfig(),
      send: (input) => {
        latestOnSend.current(input);
        return Promise.resolve({ ok: true, status: 201 });
      },
    };
    const script = doc.createElement('script');
    script.src = new URL(WIDGET_SCRIPT, window.location.href).href;
    script.dataset.siteKey = SHOP.siteKey;
    script.dataset.demo = '';
    // Where the server does not serve it (the desktop app's own pages): say so.
    script.addEventListener('error', () => setFailed(true));
    doc.head.append(script);
  }, []);

  return (
    <DemoWindow address={SHOP.domain}>
      <div className="tb-ld-stage tb-ld-body">
        <SampleShop />
        <iframe
          ref={frame}
          className="tb-ld-frame"
          title="Sample shop with the Tellbox widget"
          // The launcher is fixed to the frame's corner, and a browser does not scroll the page to
          // a fixed element that takes the focus: bring the whole frame into view instead.
          onFocus={(event) => event.currentTarget.scrollIntoView({ block: 'nearest' })}
        />
        {failed ? (
          <p className="tb-ld-failed" role="status">
            The widget could not load here. Open Tellbox in your browser to try it.
          </p>
        ) : null}
      </div>
    </DemoWindow>
  );
}
