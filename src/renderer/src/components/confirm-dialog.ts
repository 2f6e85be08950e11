import { App } from 'antd';
import { useCallback } from 'react';

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  onOk: () => Promise<unknown> | void;
}

/**
 * A confirmation dialog for destructive actions (delete, cancel): the OK button is red and waits
 * for `onOk`; Escape and Cancel leave everything as it was.
 */
export function useConfirm() {
  const { modal } = App.useApp();
  return useCallback(
    ({ title, content, okText, onOk }: ConfirmOptions) =>
      modal.confirm({ title, content, okText, okButtonProps: { danger: true }, cancelText: 'Cancel', onOk }),
    [modal],
  );
}
