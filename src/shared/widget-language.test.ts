import { describe, expect, test } from 'vitest';
import {
  OWNER_TEXT_FIELDS,
  WIDGET_LANGUAGES,
  WIDGET_STRINGS,
  changelogUrl,
  languageOfAcceptLanguage,
  widgetLanguageOf,
  widgetStringsFor,
} from './widget-language';

describe('widgetLanguageOf', () => {
  test('reads the primary subtag of a language tag, in any case', () => {
    expect(widgetLanguageOf('it')).toBe('it');
    expect(widgetLanguageOf('it-IT')).toBe('it');
    expect(widgetLanguageOf('DE_ch')).toBe('de');
    expect(widgetLanguageOf(' fr-CA ')).toBe('fr');
  });

  test('is undefined for languages the widget does not speak and for anything that is not a tag', () => {
    for (const tag of ['ar', 'pt-BR', '', 'english', 'x'.repeat(5000), undefined, null, 42]) {
      expect(widgetLanguageOf(tag)).toBeUndefined();
    }
  });
});

describe('languageOfAcceptLanguage', () => {
  test('takes the most wanted language the widget speaks', () => {
    expect(languageOfAcceptLanguage('ar,it;q=0.8,en;q=0.5')).toBe('it');
    expect(languageOfAcceptLanguage('en;q=0.4, de-DE;q=0.9')).toBe('de');
    expect(languageOfAcceptLanguage('es-ES,fr')).toBe('es');
  });

  test('falls back to English for none, nothing or a refused one', () => {
    expect(languageOfAcceptLanguage(undefined)).toBe('en');
    expect(languageOfAcceptLanguage('ar, pt;q=0.9')).toBe('en');
    expect(languageOfAcceptLanguage('it;q=0')).toBe('en');
    expect(languageOfAcceptLanguage(';;;,,,q=')).toBe('en');
  });
});

describe('widgetStringsFor', () => {
  test('every language has every word, and none is left empty', () => {
    const keys = Object.keys(WIDGET_STRINGS.en).sort();
    for (const language of WIDGET_LANGUAGES) {
      expect(Object.keys(WIDGET_STRINGS[language]).sort()).toEqual(keys);
      for (const word of Object.values(WIDGET_STRINGS[language])) expect(word.trim()).not.toBe('');
    }
  });

  test("the owner's words replace the language's own, in that language only", () => {
    const texts = { it: { title: '  Aiuto  ', launcher: 'Scrivici', placeholder: '', thanks: 'Grazie mille' } };
    const italian = widgetStringsFor('it', texts, 'feedback');
    expect(italian.title).toBe('Aiuto');
    expect(italian.launcher).toBe('Scrivici');
    expect(italian.placeholder).toBe(WIDGET_STRINGS.it.placeholder);
    expect(italian.thanks).toBe('Grazie mille');
    expect(widgetStringsFor('en', texts, 'feedback').title).toBe('Support Widget');
  });

  test('the launcher is named after the first tab unless the owner named it', () => {
    expect(widgetStringsFor('de', null, 'news').launcher).toBe(WIDGET_STRINGS.de.tabNews);
    expect(widgetStringsFor('de', null, 'feedback').launcher).toBe(WIDGET_STRINGS.de.tabFeedback);
    expect(widgetStringsFor('de', { de: { launcher: 'Hallo' } }, 'news').launcher).toBe('Hallo');
  });

  test('the owner may reword exactly the four texts', () => {
    expect(OWNER_TEXT_FIELDS).toEqual(['title', 'launcher', 'placeholder', 'thanks']);
  });
});

test('the changelog lives under PUBLIC_URL, with the site key escaped', () => {
  expect(changelogUrl('https://tellbox.example/', 'ab c')).toBe('https://tellbox.example/changelog/ab%20c');
});
