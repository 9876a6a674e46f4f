import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { call } from '../../api/call.ts';
import { apiErrorText } from '../../api/http.ts';
import { useSession } from '../../stores/session.ts';
import { useChannel } from '../../realtime/useChannel.ts';
import { CHAT_TEXT_ERRORS, checkChatText } from '../../../core/chat/messageText.ts';
import * as chatRoutes from '../../../core/protocol/routes/chat.ts';
import { adminMe } from '../../../core/protocol/routes/admin.ts';
import { CHAT_ONLINE_EVENT, CHAT_ROOM_LOCALES, CHAT_ROOMS, chatRoomOf, isChatRoom, type ChatMessage, type ChatRoom, type ChatRoomState } from '../../../core/protocol/chat.ts';
import { LOCALE_NAMES } from '../../../core/text/locales.ts';
import { parseTipCommand } from '../../../core/protocol/tips.ts';
import { parseRainCommand } from '../../../core/protocol/rain.ts';
import { TipForm, type TipDraft } from './TipForm.tsx';
import { Link } from 'react-router';
import { RainBanner } from './RainBanner.tsx';
import './ChatPanel.css';
import messages from './i18n/en-US.json';
import { currentLocale, translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The chat panel (docs/community.md, "Chat"): the room's last 50 from the API, then live from its
// public channel (`message`, `deleted`, and `online`: the people connected, as the server counts
// them, shown in the header). The server decides who may write; the panel says why
// not, checks a message's text with the server's own rule before sending, hides the players the
// player ignores, and offers a moderator delete and mute beside each message. `/tip name amount`
// and the Tip button beside another player's message open the tip form (TipForm.tsx).
// A room per language: the panel opens the page's language's room, or the one the player last picked
// in its header on this device (localStorage `chat_room`); a switch loads that room and moves the one
// subscription (the effect keyed by the room's state) from the old room's channel to the new one's.

const KEEP = 100;
/** The room the player picked on this device (localStorage). */
const ROOM_KEY = 'chat_room';

/** The room the panel opens: the one picked on this device, else the page's language's. */
function firstRoom(): ChatRoom {
  try {
    const picked = localStorage.getItem(ROOM_KEY);
    if (isChatRoom(picked)) return picked;
  } catch {
    // Storage refused (private mode): the language's room.
  }
  return chatRoomOf(currentLocale());
}

function keepRoom(room: ChatRoom): void {
  try {
    localStorage.setItem(ROOM_KEY, room);
  } catch {
    // Storage refused: the pick holds for this panel only.
  }
}

function timeOf(iso: string): string {
  return new Date(iso).toISOString().slice(11, 16);
}

/** The shared check's refusal (core/chat/messageText.ts) in the page's language; one it does not know as it is. */
function chatTextError(error: string, max: number): string {
  if (error === CHAT_TEXT_ERRORS.empty) return t('textEmpty');
  if (error === CHAT_TEXT_ERRORS.tooLong(max)) return t('textTooLong', { max });
  if (error === CHAT_TEXT_ERRORS.control) return t('textControl');
  if (error === CHAT_TEXT_ERRORS.markup) return t('textMarkup');
  return error;
}

export default function ChatPanel({ onClose }: { onClose(): void }) {
  const user = useSession((s) => s.user);
  const [room, setRoom] = useState<ChatRoom>(firstRoom);
  const [state, setState] = useState<ChatRoomState | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [ignored, setIgnored] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [moderator, setModerator] = useState(false);
  const [online, setOnline] = useState<number | null>(null);
  const [tipping, setTipping] = useState<TipDraft | null>(null);
  // Bumped by every message of the shop: a rain starting or ending is one, and the banner reads it again.
  const [shopSaid, setShopSaid] = useState(0);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let live = true;
    call(chatRoutes.chatRoom, { params: { room } })
      .then(({ data }) => {
        if (!live) return;
        setState(data);
        setOnline(data.online);
        setMessages(data.messages);
        setIgnored(data.ignored);
      })
      .catch((e: unknown) => live && setError(apiErrorText(e)));
    return () => {
      live = false;
    };
  }, [user?.id, room]);

  /** Another room: the old one's messages and channel go at once (its state does), the new one's load. */
  const switchRoom = (next: ChatRoom) => {
    if (next === room) return;
    keepRoom(next);
    setState(null);
    setMessages([]);
    setOnline(null);
    setError(null);
    setRoom(next);
  };

  useEffect(() => {
    setModerator(false);
    if (!user) return;
    let live = true;
    // Players get 403 here; every staff role moderates the chat, so any answer shows the buttons.
    call(adminMe, {})
      .then(() => live && setModerator(true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user]);

  const readable = state?.standing.can_read ?? false;
  // The room's channel once it is loaded and readable; loaded again once subscribed, since the
  // subscription starts after the room's answer: the messages of that answer stand for every one
  // up to its newest (one deleted meanwhile is gone), those heard since are kept.
  useChannel(
    readable && state ? state.channel : null,
    {
      message: (m: ChatMessage) => {
        if (m.room !== state?.room) return;
        setMessages((ms) => (ms.some((x) => x.id === m.id) ? ms : [...ms, m].slice(-KEEP)));
        if (m.kind === 'system') setShopSaid((n) => n + 1);
      },
      deleted: (d: { ids: number[] }) => setMessages((ms) => ms.filter((m) => !d.ids.includes(m.id))),
      [CHAT_ONLINE_EVENT]: (d: { count: number }) => setOnline(d.count),
    },
    () => {
      if (!state) return;
      const asked = state.room;
      call(chatRoutes.chatRoom, { params: { room: asked } }).then(({ data }) => {
        if (data.room !== asked) return;
        setMessages((ms) => {
          const newest = data.messages.at(-1)?.id ?? 0;
          return [...data.messages, ...ms.filter((m) => m.id > newest)].slice(-KEEP);
        });
        setShopSaid((n) => n + 1);
      }, () => {});
    },
  );

  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages]);

  /** Sends what the box holds: the box empties on success, the server's refusal shows under it. */
  const submit = async (request: () => Promise<unknown>) => {
    setSending(true);
    try {
      await request();
      setText('');
      setError(null);
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setSending(false);
    }
  };

  const send = useCallback(
    async (e: React.FormEvent) => {
      e.preventDefault();
      if (!state) return;
      // `/tip name amount` is no message: it opens the tip form and sends the tip at once.
      const command = parseTipCommand(text);
      if (command === 'malformed') {
        setError(t('tipUsage'));
        return;
      }
      if (command) {
        setTipping({ name: command.name, amount: String(command.amount), now: true });
        setText('');
        setError(null);
        return;
      }
      // `/rain amount` is a tip into the next rain's pot (with two-factor sign-in on, the server's refusal says so).
      const rain = parseRainCommand(text);
      if (rain) {
        if (rain === 'malformed') return setError(t('rainUsage'));
        return submit(async () => toast.success((await call(chatRoutes.chatRainTip, { body: { amount: rain.amount } })).msg));
      }
      const checked = checkChatText(text, { maxLength: state.max_length, allowedHosts: [], bannedPhrases: [] });
      // Links may be on the server's allowed list: only the rules the client knows all of stop here.
      if (!checked.ok && !/link/i.test(checked.error)) {
        setError(chatTextError(checked.error, state.max_length));
        return;
      }
      await submit(async () => {
        const { data } = await call(chatRoutes.chatPost, { params: { room }, body: { text } });
        setMessages((ms) => (ms.some((x) => x.id === data.id) ? ms : [...ms, data].slice(-KEEP)));
      });
    },
    [state, text, room],
  );

  const act = async (what: () => Promise<{ message: string }>) => {
    try {
      toast.success((await what()).message);
    } catch (err) {
      toast.error(apiErrorText(err));
    }
  };
  const ignore = async (userId: number) => {
    try {
      const { data } = await call(chatRoutes.chatIgnore, { body: { user_id: userId, ignored: true } });
      setIgnored(data.map((d) => d.user_id));
    } catch (err) {
      toast.error(apiErrorText(err));
    }
  };

  const shown = messages.filter((m) => m.kind === 'system' || !ignored.includes(m.user_id));
  return (
    <aside id="chat-panel" className="chat" aria-label={t('chat')}>
      <header className="chat__head">
        <h2 className="chat__title">{t('chat')}</h2>
        <label className="chat__room">
          <span className="visually-hidden">{t('room')}</span>
          <select value={room} onChange={(e) => isChatRoom(e.target.value) && switchRoom(e.target.value)} data-testid="chat-room">
            {CHAT_ROOMS.map((r) => (
              <option key={r} value={r} lang={CHAT_ROOM_LOCALES[r]}>
                {LOCALE_NAMES[CHAT_ROOM_LOCALES[r]]}
              </option>
            ))}
          </select>
        </label>
        {online !== null && (
          <span className="chat__online" data-testid="chat-online">
            {t('online', { count: online })}
          </span>
        )}
        {state && state.slow_mode_seconds > 0 && <span className="chat__slow">{t('slowMode', { seconds: state.slow_mode_seconds })}</span>}
        <button type="button" className="chat__close" onClick={onClose} aria-label={t('closeChat')}>
          ×
        </button>
      </header>
      {state && readable && <RainBanner refresh={shopSaid} signedIn={Boolean(user)} />}
      {state && !readable ? (
        <p className="chat__closed" role="status">
          {state.standing.reason}
        </p>
      ) : (
        <ol className="chat__list" ref={list} aria-label={t('messages')}>
          {shown.map((m) =>
            m.kind === 'system' ? (
              // The shop's own message (a big win): apart, no Report or Ignore; a moderator may delete it.
              <li key={m.id} className="chat__msg chat__msg--system" data-message-id={m.id}>
                <span className="chat__time">{timeOf(m.created_at)}</span> <span className="chat__name">{t('shop')}</span>
                <span className="chat__text">{m.text}</span>
                {m.bet && (
                  <Link className="chat__bet" to={`/bets/${m.bet}`}>
                    {t('seeBet')}
                  </Link>
                )}
                {moderator && (
                  <span className="chat__actions">
                    <button type="button" onClick={() => act(() => call(chatRoutes.adminChatDelete, { params: { id: m.id } }))}>
                      {t('delete')}
                    </button>
                  </span>
                )}
              </li>
            ) : (
            <li key={m.id} className={`chat__msg${user && m.mentions.includes(user.id) ? ' chat__msg--mention' : ''}`} data-message-id={m.id}>
              <span className="chat__time">{timeOf(m.created_at)}</span> <Link className="chat__name" to={`/players/${encodeURIComponent(m.user_name)}`}>
                {m.user_name}
              </Link>
              <span className="chat__text">{m.text}</span>
              {user && m.user_id !== user.id && (
                <span className="chat__actions">
                  <button type="button" onClick={() => act(() => call(chatRoutes.chatReport, { params: { id: m.id }, body: { reason: '' } }))}>
                    {t('report')}
                  </button>
                  <button type="button" onClick={() => ignore(m.user_id)}>
                    {t('ignore')}
                  </button>
                  <button type="button" onClick={() => setTipping({ name: m.user_name, amount: '' })}>
                    {t('tip')}
                  </button>
                  {moderator && (
                    <>
                      <button type="button" onClick={() => act(() => call(chatRoutes.adminChatDelete, { params: { id: m.id } }))}>
                        {t('delete')}
                      </button>
                      <button type="button" onClick={() => act(() => call(chatRoutes.adminChatMute, { params: { id: m.user_id }, body: { minutes: 10 } }))}>
                        {t('mute10')}
                      </button>
                    </>
                  )}
                </span>
              )}
            </li>
            ),
          )}
        </ol>
      )}
      {state && readable && user && tipping && <TipForm key={`${tipping.name}:${tipping.amount}:${String(tipping.now)}`} draft={tipping} onClose={() => setTipping(null)} />}
      {state && readable && (
        <form className="chat__form" onSubmit={send}>
          {error && (
            <p className="chat__error" role="alert">
              {error}
            </p>
          )}
          {state.standing.can_write ? (
            <>
              <input className="chat__input" aria-label={t('message')} value={text} maxLength={state.max_length} onChange={(e) => setText(e.target.value)} placeholder={t('saySomething')} />
              <button type="submit" className="chat__send" disabled={sending || text.trim() === ''}>
                {t('send')}
              </button>
            </>
          ) : (
            <p className="chat__why" role="status">
              {state.standing.reason}
            </p>
          )}
        </form>
      )}
      {!state && error && (
        <p className="chat__error" role="alert">
          {error}
        </p>
      )}
    </aside>
  );
}
