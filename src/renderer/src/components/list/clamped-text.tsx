import './clamped-text.css';

/**
 * Text cut to a few lines with an ellipsis, breaking anywhere when a word is longer than the line
 * (a name pasted without spaces), with the whole text as the tooltip. Text only.
 */
export function ClampedText({ text, lines, className }: { text: string; lines: 1 | 2 | 3; className?: string }) {
  return (
    <span className={['tb-clamp', `tb-clamp-${lines}`, className].filter(Boolean).join(' ')} title={text}>
      {text}
    </span>
  );
}
