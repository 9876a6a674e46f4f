import type { User } from '../../../core/protocol/user.ts';

/** The player's avatar, or their initial on a gradient when they have none. Same-origin images only. */
export function UserAvatar({ user, size = 36 }: { user: Pick<User, 'name' | 'avatar_url'>; size?: number }) {
  const sameOrigin = user.avatar_url && (user.avatar_url.startsWith('/') || user.avatar_url.startsWith(location.origin));
  if (sameOrigin) return <img className="avatar" src={user.avatar_url!} alt="" width={size} height={size} />;
  return (
    <span className="avatar avatar--initial" style={{ width: size, height: size }} aria-hidden>
      {user.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
