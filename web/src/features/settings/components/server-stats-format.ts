import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Whole numbers grouped the way the interface language writes them (`12,345` / `12.345`). */
export function useNumberFormat(): (value: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language.replace('_', '-'));
    return (value: number) => format.format(value);
  }, [i18n.language]);
}
