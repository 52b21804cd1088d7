import { PRODUCT_NAME } from '@romshelf/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';

import { useStartInConsole } from '../features/console/use-start-in-console';
import { usePageNameStore } from '../lib/page-name';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useEffectiveScopes, useKioskVisitor } from '@/shared/stores/kiosk';
import { selectShowSetupWizard, useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { safeDecideNavigation } from './guard';
import { GuardContext } from './guard-context';
import { normalizePath, routeScopes, routeTitleKey } from './route-handle';

/** The guard wiring, page titles and scroll restoration for every route. */
export function RootRoute() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const showSetupWizard = useHeartbeatStore(selectShowSetupWizard);
  const user = useAuthStore((state) => state.user);
  const scopes = useEffectiveScopes();
  const kiosk = useKioskVisitor();
  const pageName = usePageNameStore((state) => state.name);
  useStartInConsole();

  const decision = safeDecideNavigation(() => ({
    showSetupWizard,
    user,
    scopes,
    ...(kiosk.visitor ? { kiosk: { allowPlay: kiosk.allowPlay } } : {}),
    route: {
      path: normalizePath(location.pathname),
      search: location.search,
      scopes: routeScopes(matches),
    },
  }));
  const notFound = 'notFound' in decision;
  const titleKey = notFound ? undefined : routeTitleKey(matches);
  const lead = notFound ? undefined : (pageName ?? (titleKey ? t(titleKey) : undefined));
  const title = lead ? `${lead} | ${PRODUCT_NAME}` : PRODUCT_NAME;

  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);

  if ('redirect' in decision && decision.redirect !== location.pathname + location.search) {
    return <Navigate to={decision.redirect} replace />;
  }
  return (
    <GuardContext value={{ notFound }}>
      <ScrollRestoration />
      <Outlet />
    </GuardContext>
  );
}
