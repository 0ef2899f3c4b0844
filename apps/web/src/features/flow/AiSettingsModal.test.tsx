import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { modelInfo } from '../../testing/flowFixtures';
import { renderWithProviders } from '../../testing/render';
import { AiSettingsModal } from './AiSettingsModal';
import { AI_SETTINGS_KEY, type AiSettings, loadAiSettings, saveAiSettings } from './aiSettings';

const model = modelInfo();

function Harness({ saved: initial = null }: { saved?: AiSettings | null }) {
  const [opened, setOpened] = useState(true);
  const [saved, setSaved] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open settings
      </button>
      <AiSettingsModal
        opened={opened}
        onClose={() => setOpened(false)}
        saved={saved}
        model={model}
        onSave={(settings) => setSaved(saveAiSettings(settings))}
      />
    </>
  );
}

const dialog = () => within(screen.getByRole('dialog', { name: 'AI Settings' }));

describe('AiSettingsModal', () => {
  it('shows the local engine notices, the fixed engine address and the temperature', () => {
    renderWithProviders(<Harness />);
    expect(dialog().getByText('Local AI Engine')).toBeTruthy();
    expect(dialog().getByText('BETA')).toBeTruthy();
    expect(dialog().getByText('Using Proprietary AI Engine')).toBeTruthy();
    const endpoint = dialog().getByRole('textbox', { name: 'Endpoint' }) as HTMLInputElement;
    expect(endpoint.value).toBe(model.endpoint);
    expect(endpoint.readOnly).toBe(true);
    const slider = dialog().getByRole('slider', { name: 'Temperature' });
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('1');
    expect(slider.getAttribute('aria-valuenow')).toBe('0.7');
    expect(dialog().getByText('0.7')).toBeTruthy();
    expect(dialog().queryByText('Free Mode Active')).toBeNull();
  });

  it("names the dialog's close button for screen readers", () => {
    renderWithProviders(<Harness />);
    fireEvent.click(dialog().getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog', { name: 'AI Settings' })).toBeNull();
  });

  it('refuses an empty model', () => {
    renderWithProviders(<Harness />);
    fireEvent.change(dialog().getByRole('textbox', { name: /^Model/ }), {
      target: { value: '  ' },
    });
    fireEvent.click(dialog().getByRole('button', { name: 'Save Settings' }));
    expect(dialog().getByText('Model is required')).toBeTruthy();
    expect(window.localStorage.getItem(AI_SETTINGS_KEY)).toBeNull();
  });

  it('saves valid settings for the local engine, says so and closes', async () => {
    renderWithProviders(<Harness />);
    fireEvent.change(dialog().getByRole('textbox', { name: /^Model/ }), {
      target: { value: 'sea-model' },
    });
    const slider = dialog().getByRole('slider', { name: 'Temperature' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0.8');
    fireEvent.click(dialog().getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings Saved')).toBeTruthy();
    expect(screen.getByText('Your API settings have been updated successfully.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'AI Settings' })).toBeNull();
    expect(loadAiSettings()).toEqual({
      provider: 'lmstudio',
      endpoint: model.endpoint,
      model: 'sea-model',
      temperature: 0.8,
    });
  });

  it('starts from the saved settings every time it opens', () => {
    const saved: AiSettings = {
      provider: 'lmstudio',
      endpoint: model.endpoint,
      model: 'saved-model',
      temperature: 0.3,
    };
    renderWithProviders(<Harness saved={saved} />);
    const modelInput = () => dialog().getByRole('textbox', { name: /^Model/ }) as HTMLInputElement;
    expect(modelInput().value).toBe('saved-model');
    fireEvent.change(modelInput(), { target: { value: 'changed but not saved' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(modelInput().value).toBe('saved-model');
  });

  it('shows Free Mode Active for the free provider', () => {
    const onSave = vi.fn();
    renderWithProviders(
      <AiSettingsModal
        opened
        onClose={vi.fn()}
        saved={{
          provider: 'huggingface-free',
          endpoint: model.endpoint,
          model: 'local-model',
          temperature: 0.7,
        }}
        model={model}
        onSave={onSave}
      />,
    );
    expect(dialog().getByText('Free Mode Active')).toBeTruthy();
  });
});
