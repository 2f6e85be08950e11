// @vitest-environment jsdom
import '../../../testing/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { WidgetInput } from '../../../../../shared/schemas';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { newWidgetFormValues } from '../utils/widget-form-values';
import { WidgetFormDialog } from './widget-form-dialog';

function renderDialog(initialValues: WidgetInput = newWidgetFormValues(), mode: 'create' | 'edit' = 'create') {
  const onSubmit = vi.fn<(values: WidgetInput) => Promise<void>>(() => Promise.resolve());
  renderWithProviders(
    <WidgetFormDialog
      mode={mode}
      initialValues={initialValues}
      changelogUrl="http://localhost/changelog/key-w1"
      onSubmit={onSubmit}
      onClose={() => undefined}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const preview = () => within(screen.getByRole('figure', { name: /^Preview in/ }));

/** Picks a language (by its own name) in the Words tab's picker. */
async function chooseLanguage(name: string) {
  fireEvent.mouseDown(screen.getByLabelText('Language'));
  const option = await waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${name}"]`);
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
  fireEvent.click(option);
  await waitFor(() => expect(screen.getByRole('figure', { name: `Preview in ${name}` })).toBeInTheDocument());
}

async function submit(user: ReturnType<typeof userEvent.setup>, mode: 'create' | 'edit' = 'create') {
  await user.click(screen.getByRole('button', { name: mode === 'create' ? 'Create Widget' : 'Save Changes' }));
}

describe('the owner’s words', () => {
  test('each language keeps its own texts: an Italian title survives a trip to German, and is sent', async () => {
    const { onSubmit, user } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'Negozio');
    await user.click(tab('Words'));
    await chooseLanguage('Italiano');
    const title = () => screen.getByLabelText('Dialog title');
    // Empty, the field shows what the visitor will read: the language's own words.
    expect(title()).toHaveAttribute('placeholder', 'Assistenza');
    expect(title()).toHaveAttribute('lang', 'it');
    await user.type(title(), 'Aiuto rapido');

    await chooseLanguage('Deutsch');
    expect(title()).toHaveValue('');
    expect(title()).toHaveAttribute('placeholder', 'Hilfe & Feedback');
    await user.type(screen.getByLabelText('Thank-you text'), 'Danke sehr!');

    await chooseLanguage('Italiano');
    expect(title()).toHaveValue('Aiuto rapido');

    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].texts).toEqual({ it: { title: 'Aiuto rapido' }, de: { thanks: 'Danke sehr!' } });
  });

  test('a text over its limit shows the schema’s message in its own tab and language', async () => {
    const { onSubmit, user } = renderDialog({ ...newWidgetFormValues(), name: 'Shop' });
    await user.click(tab('Words'));
    await chooseLanguage('Français');
    fireEvent.change(screen.getByLabelText('Launcher label'), { target: { value: 'x'.repeat(31) } });
    await chooseLanguage('English');
    await user.click(tab('General'));

    await submit(user);
    expect(await screen.findByText('Launcher label can be at most 30 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    // The form went where the message is: the Words tab, in French; the tab says it has errors.
    expect(tab('Words')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Words')).toHaveAccessibleName('Words, has errors');
    expect(screen.getByRole('figure', { name: 'Preview in Français' })).toBeInTheDocument();
    expect(screen.getByLabelText('Launcher label')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the preview', () => {
  test('shows the language’s own words while the fields are empty, and the owner’s as they type', async () => {
    const { user } = renderDialog();
    // English to start with: the default title, placeholder, thanks, and the launcher named after the first tab.
    expect(preview().getByText('Support Widget')).toBeInTheDocument();
    expect(preview().getByText('Tell us what you think…')).toBeInTheDocument();
    expect(preview().getByText('Thank you! Your feedback was sent.')).toBeInTheDocument();

    await user.click(tab('Words'));
    await chooseLanguage('Español');
    expect(preview().getByText('Ayuda')).toBeInTheDocument();
    expect(preview().getByText('Cuéntanos qué te parece…')).toBeInTheDocument();
    expect(preview().getByText('¡Gracias! Tu opinión se ha enviado.')).toBeInTheDocument();
    expect(preview().getByText('Opiniones', { selector: '.tb-preview-launcher' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Dialog title'), '¿Hablamos?');
    await user.type(screen.getByLabelText('Launcher label'), 'Escríbenos');
    await user.type(screen.getByLabelText('Message placeholder'), 'Tu idea');
    await user.type(screen.getByLabelText('Thank-you text'), '¡Recibido!');
    expect(preview().getByText('¿Hablamos?')).toBeInTheDocument();
    expect(preview().getByText('Escríbenos')).toBeInTheDocument();
    expect(preview().getByText('Tu idea')).toBeInTheDocument();
    expect(preview().getByText('¡Recibido!')).toBeInTheDocument();
    expect(preview().queryByText('Ayuda')).toBeNull();
  });

  test('draws the launcher in the owner’s colour with black or white text, and a hidden one as the owner’s button', async () => {
    const { user } = renderDialog();
    const hex = screen.getByLabelText('Primary Color', { selector: 'input:not([type=color])' });
    const launcher = () => preview().getByText('Feedback', { selector: '.tb-preview-launcher' });
    const stage = () => launcher().parentElement!;
    expect(stage().style.getPropertyValue('--tb-preview-accent')).toBe('#3B82F6');
    expect(stage().style.getPropertyValue('--tb-preview-on-accent')).toBe('#000000');

    await user.clear(hex);
    await user.type(hex, '#1E3A8A');
    expect(stage().style.getPropertyValue('--tb-preview-on-accent')).toBe('#ffffff');

    await user.click(tab('Launcher'));
    await user.click(screen.getByRole('switch', { name: 'Hide the launcher' }));
    expect(preview().queryByText('Feedback', { selector: '.tb-preview-launcher' })).toBeNull();
    expect(preview().getByText(/^No launcher: your button calls/)).toBeInTheDocument();
  });
});

describe('the launcher and the changelog', () => {
  test('an offset over 200 px gets the schema’s message, even sent from another tab', async () => {
    const { onSubmit, user } = renderDialog({ ...newWidgetFormValues(), name: 'Shop' });
    await user.click(tab('Launcher'));
    const horizontal = screen.getByLabelText('Horizontal offset');
    expect(horizontal).toHaveValue('20');
    expect(horizontal).toHaveAccessibleDescription('From the side (0–200 px)');
    await user.clear(horizontal);
    await user.type(horizontal, '250');
    await user.click(tab('General'));

    await submit(user);
    expect(await screen.findByText('Horizontal offset must be at most 200')).toBeInTheDocument();
    expect(tab('Launcher')).toHaveAttribute('aria-selected', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Horizontal offset'));
    await user.type(screen.getByLabelText('Horizontal offset'), '120');
    await user.clear(screen.getByLabelText('Vertical offset'));
    await user.type(screen.getByLabelText('Vertical offset'), '0');
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ offsetX: 120, offsetY: 0 });
  });

  test('hiding the launcher shows the button snippet; both switches go back and forth', async () => {
    const { onSubmit, user } = renderDialog(
      { ...newWidgetFormValues(), name: 'Shop', hideLauncher: true, publicChangelog: false },
      'edit',
    );
    const changelog = screen.getByRole('switch', { name: 'Public changelog' });
    expect(changelog).not.toBeChecked();
    // Saved off: no link to a page that is not there.
    expect(screen.queryByRole('link', { name: /public changelog/ })).toBeNull();

    await user.click(tab('Launcher'));
    const hide = screen.getByRole('switch', { name: 'Hide the launcher' });
    expect(hide).toBeChecked();
    expect(hide).toHaveAccessibleDescription(/opens the widget with Tellbox\.open\(\)/);
    expect(screen.getByLabelText("Your button's snippet")).toHaveTextContent(
      '<button type="button" onclick="Tellbox.open()">Feedback</button>',
    );
    await user.click(hide);
    expect(screen.queryByLabelText("Your button's snippet")).toBeNull();

    await user.click(tab('General'));
    await user.click(changelog);
    await submit(user, 'edit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ hideLauncher: false, publicChangelog: true });
  });

  test('edit links the changelog page; with News off the switch is greyed and says why', async () => {
    const { user } = renderDialog({ ...newWidgetFormValues(), name: 'Shop' }, 'edit');
    const link = screen.getByRole('link', { name: 'Open the public changelog (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'http://localhost/changelog/key-w1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    await user.click(screen.getByRole('switch', { name: 'Enable News' }));
    const changelog = screen.getByRole('switch', { name: 'Public changelog' });
    expect(changelog).toBeDisabled();
    expect(changelog).toBeChecked();
    expect(changelog).toHaveAccessibleDescription(/There is no changelog while News is off\.$/);
    expect(screen.queryByRole('link', { name: /public changelog/ })).toBeNull();
  });
});
