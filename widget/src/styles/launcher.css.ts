/** The floating launcher button and its unread dot. */
export function launcherCss(): string {
  return `
.launcher{position:relative;display:flex;align-items:center;gap:8px;height:48px;padding:0 20px 0 16px;border-radius:24px;background:var(--tb-accent);color:var(--tb-on-accent);font-weight:600;box-shadow:0 4px 14px rgba(0,0,0,.25)}
.launcher:focus-visible{outline-offset:4px;box-shadow:0 0 0 4px var(--tb-bg)}
svg{width:20px;height:20px;fill:currentColor}
.dot{position:absolute;top:-3px;right:-3px;width:14px;height:14px;border-radius:50%;background:#dc2626;border:2px solid #fff}
@media (prefers-reduced-motion:no-preference){.launcher{transition:transform .15s}.launcher:hover{transform:translateY(-2px)}}
`;
}
