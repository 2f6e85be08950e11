import { can, type Permission, type Role } from '../../../../shared/roles';
import { CREATE_INTENT } from '../../config/create-intent';
import { paths } from '../../config/paths';

/** One line of the palette: where Enter takes the owner, with the words that find it. */
export interface PaletteCommand {
  id: string;
  /** What the line says. */
  label: string;
  /** The group it is listed under. */
  group: 'Actions' | 'Go to' | 'Widgets' | 'Recent feedback';
  /** A second, quieter line (a feedback's widget and page, say). */
  detail?: string;
  /** More words it is found by, besides its label. */
  keywords?: string;
  to: string;
  /** Navigation state (CREATE_INTENT: the screen opens its create dialog). */
  state?: unknown;
}

interface Entry extends Omit<PaletteCommand, 'group'> {
  /** What the role needs for it; none: every role. */
  needs?: Permission;
}

/** The console's screens, as the sidebar lists them (components/layouts/sidebar-menu.tsx). */
const SCREENS: readonly Entry[] = [
  { id: 'go-dashboard', label: 'Dashboard', to: paths.dashboard, keywords: 'home overview' },
  { id: 'go-widgets', label: 'My Widgets', to: paths.widgets, needs: 'widgets.read' },
  { id: 'go-feedback', label: 'Feedback', to: paths.feedback, keywords: 'inbox' },
  { id: 'go-news', label: 'News Posts', to: paths.news, keywords: 'changelog' },
  { id: 'go-webhooks', label: 'Webhooks', to: paths.webhooks, needs: 'webhooks.read', keywords: 'slack discord' },
  { id: 'go-activity', label: 'Activity', to: paths.activity, needs: 'activity.read', keywords: 'log audit' },
  { id: 'go-settings', label: 'Settings', to: paths.settings, keywords: 'profile account' },
  { id: 'go-team', label: 'Team', to: paths.team, needs: 'members.read', keywords: 'members invite settings' },
  { id: 'go-support', label: 'Support', to: paths.support, keywords: 'help faq' },
];

/** The main actions, each the screen's own (its create dialog, its export menu). */
const ACTIONS: readonly Entry[] = [
  {
    id: 'new-widget',
    label: 'New widget',
    to: paths.widgets,
    state: CREATE_INTENT,
    needs: 'widgets.write',
    keywords: 'create add',
  },
  {
    id: 'new-post',
    label: 'New news post',
    to: paths.news,
    state: CREATE_INTENT,
    needs: 'news.write',
    keywords: 'create add write changelog',
  },
  {
    id: 'export-feedback',
    label: 'Export feedback',
    detail: 'CSV or JSON, from the inbox',
    to: `${paths.feedback}?status=all`,
    needs: 'feedback.triage',
    keywords: 'download csv json',
  },
];

/** The screens and actions `role` may use. */
export function staticCommands(role: Role): PaletteCommand[] {
  const allowed = (entry: Entry) => !entry.needs || can(role, entry.needs);
  const strip = ({ needs: _needs, ...command }: Entry) => command;
  return [
    ...ACTIONS.filter(allowed).map((entry) => ({ ...strip(entry), group: 'Actions' as const })),
    ...SCREENS.filter(allowed).map((entry) => ({ ...strip(entry), group: 'Go to' as const })),
  ];
}

/** Whether every word typed is in the command's label, detail or keywords (case and accents aside). */
export function matches(command: PaletteCommand, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const haystack = fold(`${command.label} ${command.detail ?? ''} ${command.keywords ?? ''}`);
  return words.every((word) => haystack.includes(word));
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
