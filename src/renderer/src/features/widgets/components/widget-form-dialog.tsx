import { Button, Modal, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { formResolver } from '../../../components/form/form-resolver';
import { widgetInputSchema, type WidgetInput } from '../../../../../shared/schemas';
import type { WidgetLanguage } from '../../../../../shared/widget-language';
import { toWidgetInput } from '../utils/widget-form-values';
import { firstReworded, languagesWithErrors, tabsWithErrors, type WidgetFormTab } from '../utils/widget-form-tabs';
import { LauncherFields } from './launcher-fields';
import { WidgetGeneralFields } from './widget-general-fields';
import { WidgetPreview } from './widget-preview';
import { WidgetWordsFields } from './widget-words-fields';
import './widget-form-dialog.css';

const TAB_LABELS: Record<WidgetFormTab, string> = { general: 'General', words: 'Words', launcher: 'Launcher' };

export interface WidgetFormDialogProps {
  mode: 'create' | 'edit';
  initialValues: WidgetInput;
  /** The widget's public changelog page (edit mode), linked while it is on. */
  changelogUrl?: string;
  /** Saves; the dialog stays open (and busy) until it settles. */
  onSubmit: (values: WidgetInput) => Promise<void>;
  onClose: () => void;
}

/** A tab's name, marked (for the eye and for screen readers) while a field in it has a message. */
function TabLabel({ tab, invalid }: { tab: WidgetFormTab; invalid: boolean }) {
  return (
    <span className="tb-widget-form-tab">
      {TAB_LABELS[tab]}
      {invalid && (
        <>
          <span className="tb-widget-form-tab-mark" aria-hidden="true" />
          <span className="tb-visually-hidden">, has errors</span>
        </>
      )}
    </span>
  );
}

/**
 * The create/edit dialog of a widget, checked by the shared schema: the fields of docs/product.md
 * §5 and the public changelog (General), the owner's words per language (Words), the launcher's
 * options (Launcher), and beside them (under them on a phone) a live preview of the widget.
 */
export function WidgetFormDialog({ mode, initialValues, changelogUrl, onSubmit, onClose }: WidgetFormDialogProps) {
  const form = useForm<WidgetInput>({ resolver: formResolver(widgetInputSchema), defaultValues: initialValues });
  const [tab, setTab] = useState<WidgetFormTab>('general');
  const [language, setLanguage] = useState<WidgetLanguage>(() => firstReworded(initialValues.texts));
  const { errors } = form.formState;
  const invalidTabs = tabsWithErrors(errors);
  // The "at least one feature" rule spans both switches: re-check it whichever one moves.
  const recheckFeatures = () => {
    if (form.formState.isSubmitted) void form.trigger(['enableFeedback', 'enableNews']);
  };
  // A message in a hidden tab (or language) would go unseen: bring the first one into view.
  const showErrors = (found: FieldErrors<WidgetInput>) => {
    const tabs = tabsWithErrors(found);
    const next = tabs.includes(tab) ? tab : tabs[0];
    if (next) setTab(next);
    const languages = languagesWithErrors(found);
    if (next === 'words' && languages[0] && !languages.includes(language)) setLanguage(languages[0]);
  };
  const submit = form.handleSubmit((values) => onSubmit(toWidgetInput(values)), showErrors);
  const title = mode === 'create' ? 'Create New Widget' : 'Edit Widget';
  const panes: Record<WidgetFormTab, ReactNode> = {
    general: (
      <WidgetGeneralFields
        control={form.control}
        mode={mode}
        errors={errors}
        changelogUrl={initialValues.enableNews && initialValues.publicChangelog ? changelogUrl : undefined}
        onFeatureToggle={recheckFeatures}
      />
    ),
    words: <WidgetWordsFields control={form.control} language={language} onLanguageChange={setLanguage} />,
    launcher: <LauncherFields control={form.control} />,
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      width={{ xs: 520, lg: 880 }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <div className="tb-widget-form-layout">
          <Tabs
            className="tb-widget-form-tabs"
            activeKey={tab}
            onChange={(key) => setTab(key as WidgetFormTab)}
            // Every tab stays mounted: its fields keep their values, and their messages, when hidden.
            items={(Object.keys(panes) as WidgetFormTab[]).map((key) => ({
              key,
              label: <TabLabel tab={key} invalid={invalidTabs.includes(key)} />,
              children: panes[key],
              forceRender: true,
            }))}
          />
          <div className="tb-widget-form-preview">
            <WidgetPreview control={form.control} language={language} />
          </div>
        </div>
        <div className="tb-dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
            {mode === 'create' ? 'Create Widget' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
