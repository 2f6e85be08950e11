/**
 * The dialog: a card `x` px from the launcher's side and `bottom` px from the bottom (above the
 * launcher), a full-width bottom sheet on phones (under 480 px), and an entrance animation only
 * for visitors who have not asked for reduced motion. Added on first open: a visitor who never
 * opens the widget never parses it.
 */
export function panelCss(left: boolean, x: number, bottom: number): string {
  return `
dialog{position:fixed;inset:auto;${left ? 'left' : 'right'}:${x}px;bottom:${bottom}px;width:380px;max-width:calc(100vw - ${x + 20}px);max-height:min(640px,calc(100vh - ${bottom + 20}px));padding:0;border:1px solid var(--tb-line);border-radius:12px;background:var(--tb-bg);color:var(--tb-fg);box-shadow:0 12px 40px rgba(0,0,0,.3);overflow:auto}
dialog[open]{display:flex;flex-direction:column}
dialog::backdrop{background:rgba(0,0,0,.2)}
@media (max-width:479px){dialog{left:0;right:0;bottom:0;width:100%;max-width:none;max-height:85vh;border-radius:12px 12px 0 0}}
@media (prefers-reduced-motion:no-preference){dialog[open]{animation:tb-in .2s ease-out}}
@keyframes tb-in{from{opacity:0;transform:translateY(12px)}}
.head{display:flex;align-items:center;justify-content:space-between;padding:12px 12px 12px 16px;border-bottom:1px solid var(--tb-line)}
h2{font-size:16px;font-weight:700}
.x{width:32px;height:32px;border-radius:6px;font-size:22px;line-height:1}
[role=tablist]{display:flex;border-bottom:1px solid var(--tb-line)}
[role=tab]{flex:1;padding:10px;border-bottom:3px solid transparent;color:var(--tb-muted);font-weight:600}
[aria-selected=true]{color:var(--tb-fg);border-color:var(--tb-accent)}
section{padding:4px 16px 16px}
label{display:block;margin:12px 0 4px;font-weight:600}
textarea,input{display:block;width:100%;padding:8px 10px;border:1px solid var(--tb-input);border-radius:6px;background:var(--tb-bg)}
textarea{min-height:110px;resize:vertical}
[aria-invalid=true]{border-color:var(--tb-err)}
.err{margin-top:4px;color:var(--tb-err);font-size:13px}
.hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
.primary{display:block;width:100%;height:40px;margin-top:16px;border-radius:6px;background:var(--tb-accent);color:var(--tb-on-accent);font-weight:600}
.primary[aria-disabled=true]{opacity:.7;cursor:default}
.status{margin-top:12px}
ul{list-style:none;padding:0}
li{display:flex;gap:12px;padding:12px 0;border-bottom:1px solid var(--tb-line)}
li:last-child{border:0}
.icon{font-size:24px;line-height:1.2}
h3{font-size:15px;font-weight:600}
time{display:block;font-size:12px;color:var(--tb-muted)}
li p{margin-top:6px;white-space:pre-line;overflow-wrap:anywhere}
a{display:inline-block;margin-top:6px;font-weight:600;text-decoration:underline}
.link{display:block;margin-top:6px;color:var(--tb-muted);overflow-wrap:anywhere}
.empty{padding:16px 0;color:var(--tb-muted)}
`;
}
