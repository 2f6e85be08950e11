import { useId, useRef, type CSSProperties } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { DEFAULT_LAUNCHER_OFFSET, MAX_LAUNCHER_OFFSET, type WidgetInput } from '../../../../../shared/schemas';
import { WIDGET_LANGUAGE_NAMES, widgetStringsFor, type WidgetLanguage } from '../../../../../shared/widget-language';
import { launcherTextColor } from '../utils/launcher-text-color';
import './widget-preview.css';

/** The widget's speech bubble, as on the launcher. */
const BUBBLE = 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z';

/** The preview draws the corner at a quarter of its size: 0–200 px become 0–50. */
const OFFSET_SCALE = 0.25;
const stageInset = (offset: number | null | undefined) => {
  const valid = typeof offset === 'number' && Number.isFinite(offset) ? offset : DEFAULT_LAUNCHER_OFFSET;
  return `${8 + Math.min(Math.max(valid, 0), MAX_LAUNCHER_OFFSET) * OFFSET_SCALE}px`;
};

/**
 * What a visitor sees, drawn from the form as the owner types: the dialog with its title, tabs and
 * placeholder, the thank-you text, and the launcher in the owner's colour (its text black or white
 * as the widget picks it) at its corner and offset, in `language` with the owner's words. A mock,
 * not the widget: nothing in it can be focused or clicked. A labelled figure, so a screen reader
 * can read the words in their place too.
 */
export function WidgetPreview({ control, language }: { control: Control<WidgetInput>; language: WidgetLanguage }) {
  const captionId = useId();
  const values = useWatch({ control });
  const lastColor = useRef('#3B82F6');
  const onColor = launcherTextColor(values.primaryColor ?? '');
  if (onColor && values.primaryColor) lastColor.current = values.primaryColor;
  const accent = lastColor.current;
  const feedback = values.enableFeedback !== false;
  const news = values.enableNews === true;
  const words = widgetStringsFor(language, values.texts, feedback ? 'feedback' : 'news');
  const side = values.position === 'bottom-left' ? 'left' : 'right';
  const stage = {
    '--tb-preview-accent': accent,
    '--tb-preview-on-accent': launcherTextColor(accent),
    [side === 'left' ? 'paddingLeft' : 'paddingRight']: stageInset(values.offsetX),
    paddingBottom: stageInset(values.offsetY),
  } as CSSProperties;

  return (
    <figure className="tb-widget-preview" aria-labelledby={captionId}>
      <figcaption id={captionId} className="tb-widget-preview-caption">
        Preview in <span lang={language}>{WIDGET_LANGUAGE_NAMES[language]}</span>
      </figcaption>
      <div className={`tb-preview-stage tb-preview-${side}`} style={stage} lang={language}>
        <div className="tb-preview-dialog">
          <div className="tb-preview-head">
            <span className="tb-preview-title">{words.title}</span>
            <span className="tb-preview-close" aria-hidden="true">
              ×
            </span>
          </div>
          {feedback && news && (
            <div className="tb-preview-tabs">
              <span className="tb-preview-tab-active">{words.tabFeedback}</span>
              <span>{words.tabNews}</span>
            </div>
          )}
          <div className="tb-preview-body">
            {feedback ? (
              <>
                <div className="tb-preview-label">{words.message}</div>
                <div className="tb-preview-textarea">{words.placeholder}</div>
                <div className="tb-preview-send">{words.send}</div>
              </>
            ) : (
              <div className="tb-preview-empty">{words.noUpdates}</div>
            )}
          </div>
        </div>
        {feedback && (
          <div className="tb-preview-thanks">
            <span className="tb-preview-note" lang="en">
              After sending:
            </span>{' '}
            {words.thanks}
          </div>
        )}
        {values.hideLauncher ? (
          <div className="tb-preview-own-button" lang="en">
            No launcher: your button calls <code>Tellbox.open()</code>
          </div>
        ) : (
          <div className="tb-preview-launcher">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d={BUBBLE} />
            </svg>
            {words.launcher}
          </div>
        )}
      </div>
    </figure>
  );
}
