// The header: logo, navigation, search, language and theme toggles, bell, favourites and the user menu.
// Menus are <details> elements, so they open without JavaScript; with it they also close on outside click.
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthLink } from "~/components/auth/auth-link";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import type { Language } from "~/i18n";
import type { ThemeSetting } from "~/utils/theme";
import { imageUrl } from "~/utils/images";
import { LiveSearch } from "~/components/shell/live-search";

/** The bell's panel loads on the first click. */
const NotificationPanel = lazy(() => import("~/components/notifications/notification-panel"));

export interface HeaderUser {
  id: string;
  email: string;
  fullName: string | null;
  avatarKey: string | null;
  isAdmin: boolean;
  isHost: boolean;
}

const navLinks = [
  { to: "/rentals", label: "nav.rentals" },
  { to: "/sales", label: "nav.sales" },
  { to: "/cars", label: "nav.allCars" },
] as const;

export function userMenuLinks(user: Pick<HeaderUser, "isAdmin" | "isHost">) {
  return [
    { to: "/dashboard", label: "userMenu.dashboard" },
    { to: "/profile", label: "userMenu.profile" },
    { to: "/my-listings", label: "userMenu.myListings" },
    { to: "/favorites", label: "userMenu.favorites" },
    { to: "/messages", label: "userMenu.messages" },
    { to: "/bookings", label: "userMenu.bookings" },
    ...(user.isHost ? [{ to: "/host-dashboard", label: "userMenu.hostDashboard" }] : []),
    ...(user.isAdmin ? [{ to: "/admin", label: "userMenu.admin" }] : []),
    { to: "/account/password", label: "userMenu.changePassword" },
  ];
}

/** Closes an open <details> menu on a click outside, on Escape, and after a navigation. */
function useDismissableDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    function onPointer(event: PointerEvent) {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    }
    function onKey(event: KeyboardEvent) {
      const details = ref.current;
      if (event.key === "Escape" && details?.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return ref;
}

export function Avatar({
  user,
  size = "size-8",
}: {
  user: Pick<HeaderUser, "fullName" | "email" | "avatarKey">;
  size?: string;
}) {
  const name = user.fullName || user.email;
  if (user.avatarKey) {
    return (
      <img
        src={imageUrl(user.avatarKey, "avatar")}
        alt=""
        width={64}
        height={64}
        className={`${size} rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} grid place-items-center rounded-full bg-primary-soft text-sm font-bold text-primary`}
    >
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

function LanguageToggle({ language, className = "" }: { language: Language; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const other: Language = language === "lt" ? "en" : "lt";
  const params = new URLSearchParams(location.search);
  params.set("lng", other);
  return (
    <Link
      to={`${location.pathname}?${params.toString()}`}
      hrefLang={other}
      lang={other}
      aria-label={t("header.switchLanguage")}
      className={`${buttonClass("ghost", "sm")} uppercase ${className}`}
    >
      <Icon name="globe" className="size-4" />
      {other}
    </Link>
  );
}

/** One form, two buttons: CSS shows the one that switches away from the theme now on screen (system included). */
export function ThemeToggle({ theme, className = "" }: { theme: ThemeSetting; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/resources/theme"
      className={className}
      navigate={false}
      fetcherKey="theme"
      preventScrollReset
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {/* The wrappers carry the display rule: a button's own inline-flex would beat a plain "hidden". */}
      <span className="contents dark:hidden">
        <button
          type="submit"
          name="theme"
          value="dark"
          className={buttonClass("ghost", "sm")}
          aria-label={t("header.themeDark")}
          title={t("header.themeDark")}
          data-current={theme}
        >
          <Icon name="moon" className="size-5" />
        </button>
      </span>
      <span className="hidden dark:contents">
        <button
          type="submit"
          name="theme"
          value="light"
          className={buttonClass("ghost", "sm")}
          aria-label={t("header.themeLight")}
          title={t("header.themeLight")}
        >
          <Icon name="sun" className="size-5" />
        </button>
      </span>
    </Form>
  );
}

/** An icon link with an unread badge (part 1 §2: "9+" above 9): the bell, and the envelope for messages. */
function CountLink({
  to,
  icon,
  unread,
  label,
  unreadLabel,
  testId,
  onClick,
}: {
  to: string;
  icon: "bell" | "mail";
  unread: number;
  label: string;
  unreadLabel: string;
  testId: string;
  onClick?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
}) {
  const badge = unread > 9 ? "9+" : String(unread);
  return (
    <Link
      to={to}
      className={`${buttonClass("ghost", "sm")} relative`}
      aria-label={unread > 0 ? unreadLabel : label}
      onClick={onClick}
    >
      <Icon name={icon} className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid={testId}
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-[11px] leading-5 font-bold text-white dark:text-canvas"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

function SignOutButton({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/auth/signout">
      <button type="submit" className={className}>
        <Icon name="logOut" className="size-4" />
        {t("userMenu.signOut")}
      </button>
    </Form>
  );
}

const menuItemClass = "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-subtle";

/** The account entries for the user's roles, then sign-out: in the desktop menu and the phone menu alike. */
function UserMenuItems({ user }: { user: HeaderUser }) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="grid gap-1">
        {userMenuLinks(user).map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={menuItemClass}>
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-1 border-t border-line pt-1">
        <SignOutButton className={`${menuItemClass} text-danger`} />
      </div>
    </>
  );
}

function UserMenu({ user }: { user: HeaderUser }) {
  const { t } = useTranslation();
  const ref = useDismissableDetails();
  return (
    <details ref={ref} className="relative">
      <summary
        className={`${buttonClass("ghost", "sm")} gap-2`}
        aria-label={`${t("userMenu.open")}: ${user.fullName || user.email}`}
      >
        <Avatar user={user} />
        <span className="max-w-32 truncate">{user.fullName || user.email}</span>
        <Icon name="chevronDown" className="size-4" />
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-60 rounded-xl border border-line bg-surface p-2 shadow-lg">
        <p className="truncate px-3 py-2 text-xs text-muted">{user.email}</p>
        <UserMenuItems user={user} />
      </div>
    </details>
  );
}

function MobileMenu({ user, language, theme }: { user: HeaderUser | null; language: Language; theme: ThemeSetting }) {
  const { t } = useTranslation();
  const ref = useDismissableDetails();
  return (
    <details ref={ref} className="lg:hidden">
      <summary className={buttonClass("ghost", "sm")} aria-label={t("header.menu")}>
        <Icon name="menu" className="size-6" />
      </summary>
      <div className="absolute inset-x-0 top-full z-40 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-line bg-surface px-4 pt-3 pb-5 shadow-lg">
        <LiveSearch id="mobile-search" className="mb-3" />
        <nav aria-label={t("header.mainNavigation")}>
          <ul className="grid gap-1">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={`${menuItemClass} text-base font-medium`}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="my-3 border-t border-line" />
        {user ? (
          <>
            <div className="flex items-center gap-3 px-3 py-2">
              <Avatar user={user} />
              <div className="min-w-0">
                <p className="truncate font-semibold">{user.fullName || user.email}</p>
                <p className="truncate text-xs text-muted">{user.email}</p>
              </div>
            </div>
            <UserMenuItems user={user} />
          </>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <AuthLink mode="signin" className={buttonClass("secondary")}>
              {t("header.signIn")}
            </AuthLink>
            <AuthLink mode="signup" className={buttonClass("primary")}>
              {t("header.signUp")}
            </AuthLink>
          </div>
        )}
        <div className="mt-3 flex items-center gap-2 border-t border-line pt-3">
          <LanguageToggle language={language} />
          <ThemeToggle theme={theme} />
        </div>
      </div>
    </details>
  );
}

export function Header({
  user,
  unreadNotifications,
  unreadMessages,
  language,
  theme,
}: {
  user: HeaderUser | null;
  unreadNotifications: number;
  unreadMessages: number;
  language: Language;
  theme: ThemeSetting;
}) {
  const { t } = useTranslation();
  const [panelOpen, setPanelOpen] = useState(false);
  const location = useLocation();
  // Opening a line navigates: the panel closes with the page it was opened on.
  useEffect(() => setPanelOpen(false), [location.key]);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link to="/" className="mr-2 flex items-center gap-2 text-xl font-extrabold tracking-tight text-primary">
          <Icon name="car" className="size-7" />
          <span>Ratai</span>
        </Link>
        <nav aria-label={t("header.mainNavigation")} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `rounded-md px-3 py-2 text-sm font-medium hover:bg-subtle ${isActive ? "text-primary" : "text-fg"}`
                  }
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LiveSearch id="header-search" className="mx-2 hidden max-w-xs flex-1 lg:block" />
        <div className="ml-auto flex items-center gap-1">
          <div className="hidden items-center gap-1 lg:flex">
            <LanguageToggle language={language} />
            <ThemeToggle theme={theme} />
          </div>
          {user ? (
            <>
              <CountLink
                to="/messages"
                icon="mail"
                unread={unreadMessages}
                label={t("header.messages")}
                unreadLabel={t("header.messagesUnread", { count: unreadMessages })}
                testId="unread-messages-badge"
              />
              <CountLink
                to="/notifications"
                onClick={(event) => {
                  // With JavaScript the bell opens the panel; without, it is a link to the page.
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  setPanelOpen(true);
                }}
                icon="bell"
                unread={unreadNotifications}
                label={t("header.notifications")}
                unreadLabel={t("header.notificationsUnread", { count: unreadNotifications })}
                testId="unread-badge"
              />
              <Link
                to="/favorites"
                className={`${buttonClass("ghost", "sm")} hidden sm:inline-flex`}
                aria-label={t("userMenu.favorites")}
              >
                <Icon name="heart" className="size-5" />
              </Link>
              <div className="hidden lg:block">
                <UserMenu user={user} />
              </div>
            </>
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <AuthLink mode="signin" className={buttonClass("ghost", "sm")}>
                {t("header.signIn")}
              </AuthLink>
              <AuthLink mode="signup" className={buttonClass("primary", "sm")}>
                {t("header.signUp")}
              </AuthLink>
            </div>
          )}
          <MobileMenu user={user} language={language} theme={theme} />
        </div>
      </div>
      {panelOpen ? (
        <Suspense fallback={null}>
          <NotificationPanel onClose={() => setPanelOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
