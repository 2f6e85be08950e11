import type { Migration } from 'kysely';
import * as initial from './001-initial';
import * as billing from './002-billing';
import * as installationGuards from './003-installation-guards';
import * as billingReadOrder from './004-billing-read-order';
import * as notifications from './005-notifications';
import * as triage from './006-triage';
import * as search from './007-search';
import * as widgetWords from './008-widget-words';
import * as spamKeepsItsPlace from './009-spam-keeps-its-place';
import * as workspaces from './010-workspaces';

/**
 * Every migration, in order. Listed statically (not read from disk) so the bundled server and
 * the desktop app carry them inside their build.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '001-initial': initial,
  '002-billing': billing,
  '003-installation-guards': installationGuards,
  '004-billing-read-order': billingReadOrder,
  '005-notifications': notifications,
  '006-triage': triage,
  '007-search': search,
  '008-widget-words': widgetWords,
  '009-spam-keeps-its-place': spamKeepsItsPlace,
  '010-workspaces': workspaces,
};
