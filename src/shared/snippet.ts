/** The one-line embed code an owner pastes on their site (docs/product.md, "The widget and its public API"). */
export function widgetSnippet(publicUrl: string, siteKey: string): string {
  return `<script src="${publicUrl}/widget.js" data-site-key="${siteKey}" async></script>`;
}
