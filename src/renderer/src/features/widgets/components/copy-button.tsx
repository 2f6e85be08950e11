import { Button, type ButtonProps } from 'antd';
import { useCopy } from '../../../lib/use-copy';

/** A small button that copies `text`, then reads "Copied" for 2 seconds (docs/product.md §2, §9). */
export function CopyButton({
  text,
  label,
  size = 'small',
}: {
  text: string;
  label: string;
  /** Full size where a thumb presses it (a phone's card). */
  size?: ButtonProps['size'];
}) {
  const { copied, copy } = useCopy();
  return (
    <Button size={size} aria-label={copied ? 'Copied' : label} onClick={() => void copy(text)}>
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
