/**
 * What the product promises in its FAQs (docs/product.md §1, §9), written once for the landing page's FAQ and
 * the Support Center's. Plan limits are not here: they come from the plan table.
 */
export const SETUP_TIME = '5 minutes';

export const CLAIMS = {
  widgetSpeed: 'No. The widget is under 20KB and loads without blocking your page.',
  planChanges: 'Plan changes take effect immediately with prorated billing.',
  dataAfterCancel: 'Your data stays accessible for 30 days after cancellation.',
  firstFeedback: 'Most sites receive their first feedback within 24 hours of installing the widget.',
} as const;
