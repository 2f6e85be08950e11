/** The floating launcher button and its unread count. */
export function launcherCss(): string {
  return `
.launcher{position:relative;display:flex;align-items:center;gap:8px;height:48px;padding:0 20px 0 16px;border-radius:24px;background:var(--tb-accent);color:var(--tb-on-accent);font-weight:600;box-shadow:0 4px 14px rgba(0,0,0,.25)}
.launcher:focus-visible{outline-offset:4px;box-shadow:0 0 0 4px var(--tb-bg)}
svg{width:20px;height:20px;fill:currentColor}
.badge{position:absolute;top:-6px;right:-6px;min-width:20px;height:20px;padding:0 5px;border-radius:10px;background:#dc2626;color:#fff;border:2px solid #fff;font-size:11px;line-height:16px;text-align:center}
@media (prefers-reduced-motion:no-preference){.launcher{transition:transform .15s}.launcher:hover{transform:translateY(-2px)}}
`;
}
