import { Button } from 'antd';
import { useCopy } from '../../../lib/use-copy';

/** Copies the secret, then reads "Copied" for 2 seconds; a refused clipboard says to copy by hand. */
export function CopySecretButton({ secret }: { secret: string }) {
  const { copied, copy } = useCopy();
  return (
    <Button type="primary" aria-label={copied ? 'Copied' : 'Copy secret'} onClick={() => void copy(secret)}>
      {copied ? 'Copied' : 'Copy secret'}
    </Button>
  );
}
