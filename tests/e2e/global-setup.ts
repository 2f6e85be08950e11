/** Builds the widget once before the browser tests, so they always load the current source. */
import { buildWidget } from '../../widget/build-options';

export default async function globalSetup() {
  await buildWidget();
}
