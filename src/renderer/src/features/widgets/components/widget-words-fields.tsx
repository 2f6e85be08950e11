import { Select } from 'antd';
import { useId } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import type { WidgetInput } from '../../../../../shared/schemas';
import {
  OWNER_TEXT_FIELDS,
  WIDGET_LANGUAGE_NAMES,
  WIDGET_LANGUAGES,
  widgetStringsFor,
  type WidgetLanguage,
  type WidgetTexts,
} from '../../../../../shared/widget-language';
import { OwnerTextField } from './owner-text-field';

/** How many of the owner's texts a language has, for its entry in the picker. */
function ownTextCount(texts: WidgetTexts | undefined, language: WidgetLanguage): number {
  const own = texts?.[language];
  return OWNER_TEXT_FIELDS.filter((field) => own?.[field]?.trim()).length;
}

/**
 * The owner's words: a language (each by its own name), then that language's four texts. Each
 * language keeps its own texts, so switching back and forth loses nothing; the widget speaks the
 * visitor's language, with these words where the owner wrote some.
 */
export function WidgetWordsFields({
  control,
  language,
  onLanguageChange,
}: {
  control: Control<WidgetInput>;
  language: WidgetLanguage;
  onLanguageChange: (language: WidgetLanguage) => void;
}) {
  const id = useId();
  const texts = useWatch({ control, name: 'texts' });
  const enableFeedback = useWatch({ control, name: 'enableFeedback' });
  const defaults = widgetStringsFor(language, undefined, enableFeedback ? 'feedback' : 'news');
  const options = WIDGET_LANGUAGES.map((code) => {
    const count = ownTextCount(texts, code);
    const name = WIDGET_LANGUAGE_NAMES[code];
    const label = (
      <>
        <span lang={code}>{name}</span>
        {count > 0 && <span className="tb-muted"> · {count} reworded</span>}
      </>
    );
    return { value: code, title: name, label };
  });
  return (
    <>
      <p className="tb-muted tb-words-intro">
        The widget speaks each visitor&apos;s language. Reword any text for a language here; an empty field keeps the
        words shown in grey.
      </p>
      <div className="tb-field">
        <label htmlFor={id}>Language</label>
        <Select id={id} className="tb-block" value={language} options={options} onChange={onLanguageChange} />
      </div>
      {OWNER_TEXT_FIELDS.map((field) => (
        <OwnerTextField
          key={`${language}-${field}`}
          control={control}
          language={language}
          field={field}
          fallback={defaults[field]}
        />
      ))}
    </>
  );
}
