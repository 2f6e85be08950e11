// @vitest-environment jsdom
import '../../../testing/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { WidgetInput } from '../../../../../shared/schemas';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { newWidgetFormValues } from '../utils/widget-form-values';
import { WidgetFormDialog } from './widget-form-dialog';

function renderDialog(initialValues: WidgetInput = newWidgetFormValues(), mode: 'create' | 'edit' = 'create') {
  const onSubmit = vi.fn<(values: WidgetInput) => Promise<void>>(() => Promise.resolve());
  renderWithProviders(
    <WidgetFormDialog mode={mode} initialValues={initialValues} onSubmit={onSubmit} onClose={() => undefined} />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const hexField = () => screen.getByLabelText('Primary Color', { selector: 'input:not([type=color])' });
const picker = () => screen.getByLabelText<HTMLInputElement>('Primary Color picker');

describe('WidgetFormDialog', () => {
  test('starts from the defaults of docs/product.md §5 and submits what was entered', async () => {
    const { onSubmit, user } = renderDialog();
    expect(hexField()).toHaveValue('#3B82F6');
    expect(picker()).toHaveValue('#3b82f6');
    expect(screen.getByRole('switch', { name: 'Enable Feedback' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enable News' })).toBeChecked();
    // A new widget has no Active or lock switch: it starts active, and unlocked so sites can register.
    expect(screen.queryByRole('switch', { name: 'Active' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Lock to current sites' })).toBeNull();

    await user.type(screen.getByLabelText('Name'), 'Main site');
    await user.click(screen.getByRole('button', { name: 'Create Widget' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ ...newWidgetFormValues(), name: 'Main site' });
  });

  test('shows the messages of docs/product.md §5 and does not submit', async () => {
    const { onSubmit, user } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'A');
    await user.clear(hexField());
    await user.type(hexField(), '#12345');
    await user.click(screen.getByRole('switch', { name: 'Enable Feedback' }));
    await user.click(screen.getByRole('switch', { name: 'Enable News' }));
    await user.click(screen.getByRole('button', { name: 'Create Widget' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid hex color code')).toBeInTheDocument();
    expect(screen.getByText('At least one feature (Feedback or News) must be enabled')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    // Switching either feature back on clears the rule's message.
    await user.click(screen.getByRole('switch', { name: 'Enable News' }));
    await waitFor(() =>
      expect(screen.queryByText('At least one feature (Feedback or News) must be enabled')).toBeNull(),
    );
  });

  test('the colour picker and the hex field stay in sync both ways', async () => {
    const { user } = renderDialog();
    await user.clear(hexField());
    await user.type(hexField(), '#FF0055');
    expect(picker()).toHaveValue('#ff0055');

    // While the text is not a colour the picker keeps the last valid one.
    await user.type(hexField(), '{Backspace}');
    expect(picker()).toHaveValue('#ff0055');

    fireEvent.input(picker(), { target: { value: '#00aa11' } });
    expect(hexField()).toHaveValue('#00AA11');
  });

  test("edit shows the widget's values, with the Active switch", async () => {
    const { onSubmit, user } = renderDialog(
      {
        name: 'Shop',
        position: 'bottom-left',
        primaryColor: '#ABCDEF',
        enableFeedback: false,
        enableNews: true,
        active: false,
      },
      'edit',
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Shop');
    expect(screen.getByText('Bottom left')).toBeInTheDocument();
    expect(picker()).toHaveValue('#abcdef');
    expect(screen.getByRole('switch', { name: 'Enable Feedback' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Active' })).not.toBeChecked();

    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Shop', position: 'bottom-left', active: true });
  });

  test('edit offers the host lock with its explanation', async () => {
    const { onSubmit, user } = renderDialog({ ...newWidgetFormValues(), name: 'Shop' }, 'edit');
    const lock = screen.getByRole('switch', { name: 'Lock to current sites' });
    expect(lock).not.toBeChecked();
    expect(lock).toHaveAccessibleDescription(
      'No new site can register this widget; the sites under Installations keep working.',
    );
    await user.click(lock);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Shop', lockHosts: true });
  });
});
