import type { SettingsView, Theme } from '@preload/bridge';
import { errorMessage, invoke } from '../bridge';
import { useClock } from '../clock.svelte';

/** Applies the theme to the document; `system` follows `prefers-color-scheme` in CSS. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
}

type PreferencesPatch = Partial<
  Pick<SettingsView, 'notifications' | 'theme' | 'closeToTray' | 'hourCycle' | 'weekStart'>
>;

export class SettingsState {
  view = $state<SettingsView | null>(null);
  version = $state('');
  host = $state<'electron' | 'browser' | null>(null);
  error = $state<string | null>(null);

  connected = $derived(this.view?.connected ?? false);

  async load(): Promise<void> {
    try {
      const [view, info] = await Promise.all([invoke('settings.get'), invoke('app.info')]);
      this.apply(view);
      this.version = info.version;
      this.host = info.host;
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  apply(view: SettingsView): void {
    this.view = view;
    applyTheme(view.theme);
    useClock(view);
  }

  async update(patch: PreferencesPatch): Promise<void> {
    // Optimistic: the switch moves at once; the core's answer (or event) settles it.
    if (this.view) {
      this.view = { ...this.view, ...patch };
      if (patch.theme) applyTheme(patch.theme);
      useClock(this.view);
    }
    try {
      this.apply(await invoke('settings.update', patch));
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
      await this.load();
    }
  }
}
