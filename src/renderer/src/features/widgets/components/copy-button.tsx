import { Button } from 'antd';
import { useCopy } from '../hooks/use-copy';

/** A small button that copies `text`, then reads "Copied" for 2 seconds (spec §2, §9). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { copied, copy } = useCopy();
  return (
    <Button size="small" aria-label={copied ? 'Copied' : label} onClick={() => void copy(text)}>
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
