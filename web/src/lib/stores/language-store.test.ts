import { beforeEach, describe, expect, it } from 'vitest';

import { initialLocale, useLanguageStore } from './language-store';

describe('language store', () => {
  beforeEach(() => {
    localStorage.clear();
    useLanguageStore.setState({ selectedLanguage: 'en_US' });
  });

  it('starts with default and selected both en_US', () => {
    expect(useLanguageStore.getState().defaultLanguage).toBe('en_US');
    expect(useLanguageStore.getState().selectedLanguage).toBe('en_US');
  });

  it('lists the 14 languages sorted by name', () => {
    const { languages } = useLanguageStore.getState();
    expect(languages).toHaveLength(14);
    expect(languages[0]).toEqual({ value: 'en_GB', name: 'English (United Kingdom)' });
    expect(languages.map((language) => language.name)).toEqual(
      [...languages.map((language) => language.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('setLanguage selects the language and stores settings.locale', () => {
    useLanguageStore.getState().setLanguage('fr_FR');
    expect(useLanguageStore.getState().selectedLanguage).toBe('fr_FR');
    expect(localStorage.getItem('settings.locale')).toBe('fr_FR');
  });

  it('setLanguage ignores unknown codes', () => {
    useLanguageStore.getState().setLanguage('xx_XX');
    expect(useLanguageStore.getState().selectedLanguage).toBe('en_US');
    expect(localStorage.getItem('settings.locale')).toBeNull();
  });

  it('resetLanguage goes back to the default', () => {
    useLanguageStore.getState().setLanguage('de_DE');
    useLanguageStore.getState().resetLanguage();
    expect(useLanguageStore.getState().selectedLanguage).toBe('en_US');
    expect(localStorage.getItem('settings.locale')).toBe('en_US');
  });

  it('on start uses settings.locale only when it is a known language', () => {
    expect(initialLocale('ja_JP')).toBe('ja_JP');
    expect(initialLocale('klingon')).toBe('en_US');
    expect(initialLocale('')).toBe('en_US');
    expect(initialLocale(null)).toBe('en_US');

    localStorage.setItem('settings.locale', 'pt_BR');
    useLanguageStore.getState().loadFromStorage();
    expect(useLanguageStore.getState().selectedLanguage).toBe('pt_BR');

    localStorage.setItem('settings.locale', 'pt');
    useLanguageStore.getState().loadFromStorage();
    expect(useLanguageStore.getState().selectedLanguage).toBe('en_US');
  });
});
