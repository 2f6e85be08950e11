import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { FEEDBACK_EXPORT_FORMATS, type FeedbackExportFormat } from '../../../../../shared/schemas/feedback';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/use-toast';
import { EXPORT_FAILED, useExportFeedback, type FeedbackExportFilter } from '../api/export-feedback';

/** What each format is for, beside its name in the menu. */
const FORMAT_LABELS: Record<FeedbackExportFormat, string> = {
  csv: 'CSV (spreadsheet)',
  json: 'JSON',
};

/** Why an export failed, in the server's words where it has any for the owner (a bad filter). */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage) return error.serverMessage;
  return 'Please try again.';
}

/**
 * Export: the inbox as it is filtered now (widget, tab, search, dates), every page of it, as CSV
 * or JSON. The button shows that it is working until the file is handed to the browser, and waits
 * while the filters leave nothing to export (`empty`: the tab's count says so).
 */
export function ExportFeedbackMenu({ filter, empty }: { filter: FeedbackExportFilter; empty: boolean }) {
  const toast = useToast();
  const exporting = useExportFeedback();
  const items: MenuProps['items'] = FEEDBACK_EXPORT_FORMATS.map((format) => ({
    key: format,
    label: FORMAT_LABELS[format],
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    exporting.mutate(
      { format: key as FeedbackExportFormat, filter },
      { onError: (error) => toast.error(EXPORT_FAILED, failureText(error)) },
    );
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} disabled={exporting.isPending || empty} autoFocus>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={exporting.isPending}
        disabled={empty}
        className="tb-feedback-export"
      >
        {exporting.isPending ? 'Exporting…' : 'Export'}
        <DownOutlined aria-hidden className="tb-feedback-export-caret" />
      </Button>
    </Dropdown>
  );
}
