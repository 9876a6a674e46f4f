import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { call } from '../../api/call.ts';
import { apiErrorText } from '../../api/http.ts';
import type Pusher from 'pusher-js';
import { useSession } from '../../stores/session.ts';
import { checkChatText } from '../../../core/chat/messageText.ts';
import * as chatRoutes from '../../../core/protocol/routes/chat.ts';
import { adminMe } from '../../../core/protocol/routes/admin.ts';
import type { ChatMessage, ChatRoomState } from '../../../core/protocol/chat.ts';
import './ChatPanel.css';

// The chat panel (docs/community.md, "Chat"): the room's last 50 from the API, then live from its
// public channel (`message`, `deleted`). The server decides who may write; the panel says why
// not, checks a message's text with the server's own rule before sending, hides the players the
// player ignores, and offers a moderator delete and mute beside each message.

const ROOM = 'en' as const;
const KEEP = 100;

function timeOf(iso: string): string {
  return new Date(iso).toISOString().slice(11, 16);
}

export default function ChatPanel({ pusher, onClose }: { pusher: Pusher | null; onClose(): void }) {
  const user = useSession((s) => s.user);
  const [state, setState] = useState<ChatRoomState | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [ignored, setIgnored] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [moderator, setModerator] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let live = true;
    call(chatRoutes.chatRoom, { params: { room: ROOM } })
      .then(({ data }) => {
        if (!live) return;
        setState(data);
        setMessages(data.messages);
        setIgnored(data.ignored);
      })
      .catch((e: unknown) => live && setError(apiErrorText(e)));
    return () => {
      live = false;
    };
  }, [user?.id]);

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
  useEffect(() => {
    if (!pusher || !state || !readable) return;
    const channel = pusher.subscribe(state.channel);
    channel.bind('message', (m: ChatMessage) => setMessages((ms) => (ms.some((x) => x.id === m.id) ? ms : [...ms, m].slice(-KEEP))));
    channel.bind('deleted', (d: { ids: number[] }) => setMessages((ms) => ms.filter((m) => !d.ids.includes(m.id))));
    return () => {
      channel.unbind_all();
      pusher.unsubscribe(state.channel);
    };
  }, [pusher, state, readable]);

  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const send = useCallback(
    async (e: React.FormEvent) => {
      e.preventDefault();
      if (!state) return;
      const checked = checkChatText(text, { maxLength: state.max_length, allowedHosts: [], bannedPhrases: [] });
      // Links may be on the server's allowed list: only the rules the client knows all of stop here.
      if (!checked.ok && !/link/i.test(checked.error)) {
        setError(checked.error);
        return;
      }
      setSending(true);
      try {
        const { data } = await call(chatRoutes.chatPost, { params: { room: ROOM }, body: { text } });
        setMessages((ms) => (ms.some((x) => x.id === data.id) ? ms : [...ms, data].slice(-KEEP)));
        setText('');
        setError(null);
      } catch (err) {
        setError(apiErrorText(err));
      } finally {
        setSending(false);
      }
    },
    [state, text],
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

  const shown = messages.filter((m) => !ignored.includes(m.user_id));
  return (
    <aside id="chat-panel" className="chat" aria-label="Chat">
      <header className="chat__head">
        <h2 className="chat__title">Chat</h2>
        {state && state.slow_mode_seconds > 0 && <span className="chat__slow">Slow mode: {state.slow_mode_seconds} s</span>}
        <button type="button" className="chat__close" onClick={onClose} aria-label="Close chat">
          ×
        </button>
      </header>
      {state && !readable ? (
        <p className="chat__closed" role="status">
          {state.standing.reason}
        </p>
      ) : (
        <ol className="chat__list" ref={list} aria-label="Messages">
          {shown.map((m) => (
            <li key={m.id} className={`chat__msg${user && m.mentions.includes(user.id) ? ' chat__msg--mention' : ''}`} data-message-id={m.id}>
              <span className="chat__time">{timeOf(m.created_at)}</span> <span className="chat__name">{m.user_name}</span>
              <span className="chat__text">{m.text}</span>
              {user && m.user_id !== user.id && (
                <span className="chat__actions">
                  <button type="button" onClick={() => act(() => call(chatRoutes.chatReport, { params: { id: m.id }, body: { reason: '' } }))}>
                    Report
                  </button>
                  <button type="button" onClick={() => ignore(m.user_id)}>
                    Ignore
                  </button>
                  {moderator && (
                    <>
                      <button type="button" onClick={() => act(() => call(chatRoutes.adminChatDelete, { params: { id: m.id } }))}>
                        Delete
                      </button>
                      <button type="button" onClick={() => act(() => call(chatRoutes.adminChatMute, { params: { id: m.user_id }, body: { minutes: 10 } }))}>
                        Mute 10 min
                      </button>
                    </>
                  )}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {state && readable && (
        <form className="chat__form" onSubmit={send}>
          {error && (
            <p className="chat__error" role="alert">
              {error}
            </p>
          )}
          {state.standing.can_write ? (
            <>
              <input className="chat__input" aria-label="Message" value={text} maxLength={state.max_length} onChange={(e) => setText(e.target.value)} placeholder="Say something" />
              <button type="submit" className="chat__send" disabled={sending || text.trim() === ''}>
                Send
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
