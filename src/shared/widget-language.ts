/**
 * The languages the widget and the public changelog speak, and every word they show in each.
 * The server picks a language per request and sends its words in the config answer, so the
 * widget script carries no text of its own: a new language costs visitors nothing. Zod-free, so
 * the widget may import its types.
 */
import { FEEDBACK_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE, tooLongMessage } from './rules/messages';

export const WIDGET_LANGUAGES = ['en', 'it', 'de', 'fr', 'es'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];
export const DEFAULT_WIDGET_LANGUAGE: WidgetLanguage = 'en';

/** Each language by its own name, for the console's language picker. */
export const WIDGET_LANGUAGE_NAMES: Record<WidgetLanguage, string> = {
  en: 'English',
  it: 'Italiano',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

/** The texts an owner may reword, per language (empty or absent: the language's own words). */
export const OWNER_TEXT_FIELDS = ['title', 'launcher', 'placeholder', 'thanks'] as const;
export type OwnerTextField = (typeof OWNER_TEXT_FIELDS)[number];
export type OwnerTexts = Partial<Record<OwnerTextField, string>>;
/** An owner's rewording, by language. */
export type WidgetTexts = Partial<Record<WidgetLanguage, OwnerTexts>>;

/** How long each of the owner's texts may be, after trimming. */
export const MAX_OWNER_TEXT_LENGTH: Record<OwnerTextField, number> = {
  title: 60,
  launcher: 30,
  placeholder: 120,
  thanks: 200,
};

/** The console's names for the owner's texts. */
export const OWNER_TEXT_LABELS: Record<OwnerTextField, string> = {
  title: 'Dialog title',
  launcher: 'Launcher label',
  placeholder: 'Message placeholder',
  thanks: 'Thank-you text',
};

/**
 * Everything the widget and the changelog page write, in one language. `{n}` stands for a number.
 * `launcher` is the launcher's label when the first tab is Feedback; `tabNews` when it is Updates.
 */
export interface WidgetStrings {
  title: string;
  launcher: string;
  placeholder: string;
  thanks: string;
  close: string;
  tabFeedback: string;
  tabNews: string;
  /** Added to the launcher's name while there are unread posts: one, and `{n}` of them. */
  newUpdate: string;
  newUpdates: string;
  message: string;
  authorName: string;
  authorEmail: string;
  send: string;
  sending: string;
  retry: string;
  failed: string;
  another: string;
  noUpdates: string;
  learnMore: string;
  /** The Updates tab's link to the public changelog. */
  allUpdates: string;
  /** The widget's own checks, before sending (the server's words are the English ones). */
  required: string;
  invalidEmail: string;
  tooLong: string;
  /** The changelog page. */
  changelogTitle: string;
  feed: string;
  permalink: string;
  poweredBy: string;
  /** The changelog's 404 page, which never tells whether the widget exists. */
  notFoundTitle: string;
  notFoundText: string;
}

export const WIDGET_STRINGS: Record<WidgetLanguage, WidgetStrings> = {
  en: {
    title: 'Support Widget',
    launcher: 'Feedback',
    placeholder: 'Tell us what you think…',
    thanks: 'Thank you! Your feedback was sent.',
    close: 'Close',
    tabFeedback: 'Feedback',
    tabNews: 'Updates',
    newUpdate: '1 new update',
    newUpdates: '{n} new updates',
    message: 'Message',
    authorName: 'Name (optional)',
    authorEmail: 'Email (optional)',
    send: 'Send',
    sending: 'Sending…',
    retry: 'Try again',
    failed: 'Your feedback could not be sent.',
    another: 'Send more feedback',
    noUpdates: 'No updates yet.',
    learnMore: 'Learn more',
    allUpdates: 'All updates',
    // The server's own words, so a check here and a refusal there read the same.
    required: FEEDBACK_REQUIRED_MESSAGE,
    invalidEmail: INVALID_EMAIL_MESSAGE,
    tooLong: tooLongMessage('{n}'),
    changelogTitle: 'Updates',
    feed: 'Subscribe to the feed',
    permalink: 'Link to this update',
    poweredBy: 'Powered by Tellbox',
    notFoundTitle: 'Page not found',
    notFoundText: 'This address leads nowhere: the link may be mistyped, or these updates are no longer public.',
  },
  it: {
    title: 'Assistenza',
    launcher: 'Feedback',
    placeholder: 'Dicci cosa ne pensi…',
    thanks: 'Grazie! Il tuo feedback è stato inviato.',
    close: 'Chiudi',
    tabFeedback: 'Feedback',
    tabNews: 'Novità',
    newUpdate: '1 nuovo aggiornamento',
    newUpdates: '{n} nuovi aggiornamenti',
    message: 'Messaggio',
    authorName: 'Nome (facoltativo)',
    authorEmail: 'Email (facoltativa)',
    send: 'Invia',
    sending: 'Invio in corso…',
    retry: 'Riprova',
    failed: 'Non è stato possibile inviare il tuo feedback.',
    another: 'Invia altro feedback',
    noUpdates: 'Ancora nessuna novità.',
    learnMore: 'Scopri di più',
    allUpdates: 'Tutte le novità',
    required: 'Scrivi il tuo feedback',
    invalidEmail: 'Email non valida',
    tooLong: 'Al massimo {n} caratteri',
    changelogTitle: 'Novità',
    feed: 'Iscriviti al feed',
    permalink: 'Link a questa novità',
    poweredBy: 'Realizzato con Tellbox',
    notFoundTitle: 'Pagina non trovata',
    notFoundText:
      'Questo indirizzo non porta da nessuna parte: il link potrebbe essere sbagliato, oppure queste novità non sono più pubbliche.',
  },
  de: {
    title: 'Hilfe & Feedback',
    launcher: 'Feedback',
    placeholder: 'Sagen Sie uns Ihre Meinung…',
    thanks: 'Vielen Dank! Ihr Feedback wurde gesendet.',
    close: 'Schließen',
    tabFeedback: 'Feedback',
    tabNews: 'Neuigkeiten',
    newUpdate: '1 neue Meldung',
    newUpdates: '{n} neue Meldungen',
    message: 'Nachricht',
    authorName: 'Name (optional)',
    authorEmail: 'E-Mail (optional)',
    send: 'Senden',
    sending: 'Wird gesendet…',
    retry: 'Erneut versuchen',
    failed: 'Ihr Feedback konnte nicht gesendet werden.',
    another: 'Weiteres Feedback senden',
    noUpdates: 'Noch keine Neuigkeiten.',
    learnMore: 'Mehr erfahren',
    allUpdates: 'Alle Neuigkeiten',
    required: 'Bitte geben Sie Ihr Feedback ein',
    invalidEmail: 'Ungültige E-Mail-Adresse',
    tooLong: 'Höchstens {n} Zeichen',
    changelogTitle: 'Neuigkeiten',
    feed: 'Feed abonnieren',
    permalink: 'Link zu dieser Meldung',
    poweredBy: 'Bereitgestellt von Tellbox',
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText:
      'Unter dieser Adresse gibt es nichts: Der Link ist vielleicht falsch, oder diese Neuigkeiten sind nicht mehr öffentlich.',
  },
  fr: {
    title: 'Assistance',
    launcher: 'Avis',
    placeholder: 'Dites-nous ce que vous en pensez…',
    thanks: 'Merci ! Votre avis a été envoyé.',
    close: 'Fermer',
    tabFeedback: 'Avis',
    tabNews: 'Nouveautés',
    newUpdate: '1 nouveauté',
    newUpdates: '{n} nouveautés',
    message: 'Message',
    authorName: 'Nom (facultatif)',
    authorEmail: 'E-mail (facultatif)',
    send: 'Envoyer',
    sending: 'Envoi…',
    retry: 'Réessayer',
    failed: 'Votre avis n’a pas pu être envoyé.',
    another: 'Envoyer un autre avis',
    noUpdates: 'Aucune nouveauté pour le moment.',
    learnMore: 'En savoir plus',
    allUpdates: 'Toutes les nouveautés',
    required: 'Veuillez saisir votre avis',
    invalidEmail: 'E-mail non valide',
    tooLong: '{n} caractères au maximum',
    changelogTitle: 'Nouveautés',
    feed: 'S’abonner au flux',
    permalink: 'Lien vers cette nouveauté',
    poweredBy: 'Propulsé par Tellbox',
    notFoundTitle: 'Page introuvable',
    notFoundText:
      'Cette adresse ne mène nulle part : le lien est peut-être erroné, ou ces nouveautés ne sont plus publiques.',
  },
  es: {
    title: 'Ayuda',
    launcher: 'Opiniones',
    placeholder: 'Cuéntanos qué te parece…',
    thanks: '¡Gracias! Tu opinión se ha enviado.',
    close: 'Cerrar',
    tabFeedback: 'Opiniones',
    tabNews: 'Novedades',
    newUpdate: '1 novedad',
    newUpdates: '{n} novedades',
    message: 'Mensaje',
    authorName: 'Nombre (opcional)',
    authorEmail: 'Correo electrónico (opcional)',
    send: 'Enviar',
    sending: 'Enviando…',
    retry: 'Reintentar',
    failed: 'No se ha podido enviar tu opinión.',
    another: 'Enviar otra opinión',
    noUpdates: 'Todavía no hay novedades.',
    learnMore: 'Más información',
    allUpdates: 'Todas las novedades',
    required: 'Escribe tu opinión',
    invalidEmail: 'Correo electrónico no válido',
    tooLong: '{n} caracteres como máximo',
    changelogTitle: 'Novedades',
    feed: 'Suscribirse al feed',
    permalink: 'Enlace a esta novedad',
    poweredBy: 'Con la tecnología de Tellbox',
    notFoundTitle: 'Página no encontrada',
    notFoundText:
      'Esta dirección no lleva a ninguna parte: puede que el enlace esté mal escrito o que estas novedades ya no sean públicas.',
  },
};

const isWidgetLanguage = (code: string): code is WidgetLanguage =>
  (WIDGET_LANGUAGES as readonly string[]).includes(code);

/**
 * The language for a tag such as `it`, `it-IT` or `IT_ch` (its primary subtag, any case), or
 * undefined when it is none of ours.
 */
export function widgetLanguageOf(tag: unknown): WidgetLanguage | undefined {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.trim().slice(0, 8).split(/[-_]/)[0]?.toLowerCase() ?? '';
  return isWidgetLanguage(primary) ? primary : undefined;
}

/**
 * The first of our languages in an `Accept-Language` header, by its `q` weights (the changelog
 * page's language), or English.
 */
export function languageOfAcceptLanguage(header: string | undefined): WidgetLanguage {
  if (!header) return DEFAULT_WIDGET_LANGUAGE;
  const ranked = header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { language: widgetLanguageOf(tag), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.language && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.language ?? DEFAULT_WIDGET_LANGUAGE;
}

/**
 * A widget's words in `language`: the language's own, with the owner's rewording on top, and the
 * launcher named after the first tab unless the owner named it.
 */
export function widgetStringsFor(
  language: WidgetLanguage,
  texts: WidgetTexts | null | undefined,
  firstTab: 'feedback' | 'news',
): WidgetStrings {
  const base = WIDGET_STRINGS[language];
  const own = texts?.[language] ?? {};
  const strings: WidgetStrings = { ...base, launcher: firstTab === 'news' ? base.tabNews : base.tabFeedback };
  for (const field of OWNER_TEXT_FIELDS) {
    const value = own[field]?.trim();
    if (value) strings[field] = value;
  }
  return strings;
}

/** The public changelog of a widget: `PUBLIC_URL/changelog/<siteKey>`. */
export const changelogUrl = (publicUrl: string, siteKey: string) =>
  `${publicUrl.replace(/\/+$/, '')}/changelog/${encodeURIComponent(siteKey)}`;
