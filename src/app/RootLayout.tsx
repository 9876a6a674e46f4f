import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { ModalRoot } from './modals/ModalRoot.tsx';
import { preloadToastsOnFirstInput, ToastHost } from '../components/toast.tsx';
import { RealtimeBridge } from '../realtime/RealtimeBridge.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { useSession } from '../stores/session.ts';
import { useCart } from '../features/cart/cartStore.ts';
import { useNotifications } from '../features/notifications/notificationsStore.ts';
import { ASIDE_MIN_WIDTH, trackDevice, useDevice } from '../stores/device.ts';
import { ensureLocale } from '../i18n/locale.ts';
import { Header } from './layout/Header.tsx';
import { Footer } from './layout/Footer.tsx';
import { Aside } from './layout/Aside.tsx';
import { BottomBar } from './layout/BottomBar.tsx';
import { Sidebar, type SidebarSection } from './layout/Sidebar.tsx';
import { CashbackBanner } from './layout/CashbackBanner.tsx';
import { DropsStrip } from './layout/DropsStrip.tsx';
import { useCashbackStrip } from './layout/cashbackStrip.ts';
import { LoadingOverlay, createFirstPageStore } from './layout/LoadingOverlay.tsx';
import { activeRoute } from './routeHandle.ts';
import { useTrackingLink } from '../features/tracking/useTrackingLink.ts';
import { useRouteGuard } from './useRouteGuard.ts';
import { useModalQuery } from './useModalQuery.ts';
import { useBonusModal } from './useBonusModal.ts';
import { applyApiBaseUrl } from './apiBaseUrl.ts';
import { useInstallOffer } from './layout/installOffer.ts';
import messages from './i18n/en-US.json';
import { translator } from '../i18n/i18n.ts';
import './layout/layout.css';

const t = translator(messages);

// The header's cart button opens it on any page; its code loads the first time it opens.
const CartPopper = lazy(() => import('../features/cart/CartPopper.tsx'));
// The bell's panel (docs/community.md, "Notifications"); its code loads the first time it opens.
const NotificationsPopper = lazy(() => import('../features/notifications/NotificationsPopper.tsx'));
// The reality check's reminder, for signed-in players only; its code loads once someone is.
const RealityCheck = lazy(() => import('../features/responsible/RealityCheck.tsx'));
// The chat (docs/community.md, "Chat"): a button on every page; the panel's code loads when it opens.
const ChatPanel = lazy(() => import('../features/chat/ChatPanel.tsx'));
// "Install the app" on phones (docs/client-shell.md, "Installable app"): its code loads once the browser offers it.
const InstallApp = lazy(() => import('../features/install/InstallApp.tsx'));

/** Renders nothing; its effect runs once the page beside it in the Suspense boundary has loaded. */
function PageReady({ onReady }: { onReady(): void }) {
  useEffect(onReady, [onReady]);
  return null;
}

export function RootLayout() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const route = activeRoute(matches);
  const guard = useRouteGuard(route.auth);
  const user = useSession((s) => s.user);
  const cartOpen = useCart((s) => s.open);
  const notificationsOpen = useNotifications((s) => s.open);
  const width = useDevice((s) => s.width);
  const isPhone = useDevice((s) => s.isMobile);
  const installable = useInstallOffer();
  const cashbackFolded = useCashbackStrip((s) => s.folded);
  const [firstPage] = useState(createFirstPageStore);
  const [sidebar, setSidebar] = useState<SidebarSection | null>(null);
  const [chatOpen, setChatOpen] = useState(false);
  const closeSidebar = useCallback(() => setSidebar(null), []);
  const markReady = useCallback(() => firstPage.setState(true), [firstPage]);

  useModalQuery();
  useTrackingLink();
  useBonusModal();
  useEffect(() => trackDevice(), []);
  useEffect(() => preloadToastsOnFirstInput(), []);
  useEffect(() => {
    ensureLocale();
    document.title = t('documentTitle');
    void applyApiBaseUrl();
  }, []);
  useEffect(() => {
    document.body.classList.toggle('is-dark-page', route.dark);
  }, [route.dark]);
  useEffect(() => {
    window.scrollTo?.(0, 0);
    setSidebar(null);
  }, [pathname]);

  // The banner shows to signed-in players except on plinko and crash: in the aside on large screens
  // (when the page has one), otherwise under the header.
  const onBannerlessPage = pathname === '/plinko' || pathname === '/crash';
  const showCashback = user !== null && !onBannerlessPage;
  const hasAside = !route.dark;
  const cashbackInAside = showCashback && hasAside && width >= ASIDE_MIN_WIDTH;
  // Below the aside's width the countdown strip under the header can be folded away (remembered per
  // device); the live drops take the aside's place in a row under the header there.
  const foldable = width < ASIDE_MIN_WIDTH;
  const cashbackFoldedAway = showCashback && !cashbackInAside && foldable && cashbackFolded;

  let page: React.ReactNode;
  if (guard === 'wait') page = <PageSpinner />;
  else if (guard === 'deny') page = null;
  else if (!route.valid) page = <NotFoundPage />;
  else page = <Outlet />;

  return (
    <div className={`layout${route.dark ? ' layout--dark' : ''}`}>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <Header />
      {showCashback && !cashbackInAside && !cashbackFoldedAway && <CashbackBanner placement="top" foldable={foldable} />}
      {hasAside && <DropsStrip cashback={cashbackFoldedAway} />}
      <div className="layout__body">
        <main className="layout__main" id="main" tabIndex={-1}>
          <Suspense fallback={<PageSpinner />}>
            {page}
            <PageReady onReady={markReady} />
          </Suspense>
        </main>
        {hasAside && <Aside>{cashbackInAside && <CashbackBanner placement="aside" />}</Aside>}
      </div>
      <Footer />
      <BottomBar onMenu={() => setSidebar('menu')} onGames={() => setSidebar('games')} />
      {sidebar && <Sidebar section={sidebar} onClose={closeSidebar} onChat={() => setChatOpen(true)} showCashback={pathname !== '/plinko'} />}
      {user && cartOpen && (
        <Suspense fallback={null}>
          <CartPopper />
        </Suspense>
      )}
      {user && notificationsOpen && (
        <Suspense fallback={null}>
          <NotificationsPopper />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <RealityCheck key={user.id} />
        </Suspense>
      )}
      {installable && isPhone && (
        <Suspense fallback={null}>
          <InstallApp />
        </Suspense>
      )}
      <ModalRoot />
      <ToastHost />
      <RealtimeBridge />
      {chatOpen ? (
        <Suspense fallback={null}>
          <ChatPanel onClose={() => setChatOpen(false)} />
        </Suspense>
      ) : (
        <button type="button" className="chat-toggle" onClick={() => setChatOpen(true)}>
          {t('chat')}
        </button>
      )}
      <LoadingOverlay firstPage={firstPage} />
    </div>
  );
}

function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner size={36} />
    </div>
  );
}
