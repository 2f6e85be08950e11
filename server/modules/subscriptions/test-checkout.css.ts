/**
 * The test-mode checkout page's stylesheet, from the design tokens: it declares the console's own
 * custom properties (the same declarations, light scheme: like the public pages, this page has no script to
 * learn the owner's scheme) and styles the page as a console card. Phone first: one column with
 * full-width buttons, the two buttons side by side once the card is wide enough.
 */
import { lightTokensCss } from '../../../src/shared/design-tokens-css';

const RULES = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:var(--tb-font-family);font-size:var(--tb-font-size-md);line-height:var(--tb-line-height);color:var(--tb-color-text);background:var(--tb-color-bg);overflow-wrap:anywhere}
.page{max-width:520px;margin:0 auto;padding:var(--tb-space-5) var(--tb-space-4) var(--tb-space-7)}
.brand{display:flex;align-items:center;gap:var(--tb-space-2);margin:0 0 var(--tb-space-5);font-size:var(--tb-font-size-lg);font-weight:700;color:var(--tb-color-primary)}
.brand span{color:var(--tb-color-text-secondary);font-weight:400;font-size:var(--tb-font-size-base)}
main{background:var(--tb-color-surface);border:1px solid var(--tb-color-border);border-radius:var(--tb-radius-lg);box-shadow:var(--tb-shadow-1);padding:var(--tb-space-5)}
.notice{margin:0 0 var(--tb-space-5);padding:var(--tb-space-3) var(--tb-space-4);background:var(--tb-color-warning-bg);color:var(--tb-color-warning);border:1px solid var(--tb-color-warning);border-radius:var(--tb-radius-md);font-size:var(--tb-font-size-base)}
.notice strong{display:block;font-size:var(--tb-font-size-md)}
h1{margin:0;font-size:var(--tb-font-size-xl);line-height:1.25}
.price{margin:var(--tb-space-2) 0 var(--tb-space-3)}
.price strong{font-size:var(--tb-font-size-xxl);line-height:1.2}
.price span,.muted{color:var(--tb-color-text-secondary)}
.muted{font-size:var(--tb-font-size-base)}
ul{margin:0 0 var(--tb-space-4);padding:0;list-style:none}
li{position:relative;padding-left:var(--tb-space-5);margin-bottom:var(--tb-space-2)}
li::before{content:"";position:absolute;left:4px;top:0.4em;width:6px;height:11px;border:solid var(--tb-color-success);border-width:0 2px 2px 0;transform:rotate(45deg)}
.actions{display:flex;flex-wrap:wrap;gap:var(--tb-space-3);margin:var(--tb-space-5) 0 0}
.actions>*{flex:1 1 180px;display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:var(--tb-space-2) var(--tb-space-5);font:inherit;font-weight:600;border-radius:var(--tb-radius-md);border:1px solid var(--tb-color-primary);cursor:pointer;text-decoration:none}
button{background:var(--tb-color-primary);color:var(--tb-color-on-primary)}
button:hover{background:var(--tb-color-primary-hover);border-color:var(--tb-color-primary-hover)}
a.cancel{background:var(--tb-color-surface);color:var(--tb-color-primary);border-color:var(--tb-color-border-strong)}
a.cancel:hover{border-color:var(--tb-color-primary)}
a{color:var(--tb-color-primary)}
button:focus-visible,a:focus-visible{outline:3px solid var(--tb-color-primary);outline-offset:2px}
@media (min-width:768px){.page{padding-top:var(--tb-space-8)}main{padding:var(--tb-space-6)}}
`;

/** The whole stylesheet, put inline into the page (the console's CSP allows inline styles). */
export const TEST_CHECKOUT_CSS = lightTokensCss().replace(/\n\s*/g, '') + RULES.replace(/\n/g, '');
