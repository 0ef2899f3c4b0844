import { useCallback, useEffect, useState } from 'react';
import {
  AI_SETTINGS_KEY,
  type AiSettings,
  DEFAULT_RUN_SETTINGS,
  loadAiSettings,
  saveAiSettings,
} from './aiSettings';

/**
 * The AI settings saved in this browser (null when none), what runs use (the saved settings or
 * the defaults) and `save`, which validates, stores and throws on invalid settings. Another tab
 * saving is picked up too.
 */
export function useAiSettings() {
  const [saved, setSaved] = useState<AiSettings | null>(loadAiSettings);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === AI_SETTINGS_KEY) setSaved(loadAiSettings());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const save = useCallback((settings: AiSettings) => {
    const stored = saveAiSettings(settings);
    setSaved(stored);
    return stored;
  }, []);

  return { saved, runSettings: saved ?? DEFAULT_RUN_SETTINGS, save };
}
