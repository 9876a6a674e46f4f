import { useEffect, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { adminSendFor, useAdminData } from '../../features/admin/adminApi.ts';
import { SettingsForm } from '../../features/admin/SettingsForm.tsx';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { formatDateTime } from '../../format/format.ts';
import { CHAT_ROOM_LOCALES, CHAT_ROOMS, type ChatConsoleRoom, type ChatRoom } from '../../../core/protocol/chat.ts';
import { LOCALE_NAMES } from '../../../core/text/locales.ts';
import type { Route } from '../../../core/protocol/route.ts';
import type { CallInput } from '../../../core/protocol/route.ts';
import * as chat from '../../../core/protocol/routes/admin.ts';

// /admin/chat (docs/operator-console.md, "Chat"; moderators and every role above): the report queue
// (every room's, each report naming its room); the room picked among the six (one per language)
// with its last messages, Delete and its slow mode; a player's mute (a duration and a reason), ban,
// unban and the clearing of their last 24 hours (in every room), and the kill switch (every room).
// Every action is one /api/admin/chat call, audited by the server; the page shows the server's
// answer and reloads.
// Under them the chat's gates, the tips' bounds and the rain (SettingsForm: moderators read, admins change).

/** The chat's gates to write (docs/community.md, "Chat"). The kill switch is the Room panel's button. */
const CHAT_FIELDS = [
  { name: 'require_verified', label: 'Verified email to write' },
  { name: 'min_wagered', label: 'Least wagered (coins)' },
  { name: 'wagered_days', label: 'Wagered in the last (days)' },
  { name: 'min_level', label: 'Least level' },
  { name: 'max_length', label: 'Longest message (characters)' },
  { name: 'allowed_hosts', label: 'Links allowed to (one host a line)' },
  { name: 'banned_phrases', label: 'Banned phrases (one a line)' },
] as const;

/** Tips' bounds (docs/community.md, "Tips"). */
const TIP_FIELDS = [
  { name: 'min_amount', label: 'Least tip (coins)' },
  { name: 'daily_send_cap', label: 'Daily send cap (coins)' },
  { name: 'daily_receive_cap', label: 'Daily receive cap (coins)' },
] as const;

/** The rain (docs/community.md, "Rain"): off by default. */
const RAIN_FIELDS = [
  { name: 'enabled', label: 'Rain on' },
  { name: 'edge_share_pct', label: 'Share of the house edge (%)' },
  { name: 'interval_minutes', label: 'Every (minutes)' },
  { name: 'window_seconds', label: 'Join window (seconds)' },
  { name: 'min_pot', label: 'Least pot (coins)' },
  { name: 'require_verified', label: 'Verified email to join' },
  { name: 'min_wagered_7d', label: 'Wagered in 7 days (coins)' },
  { name: 'min_deposited_14d', label: 'Deposited in 14 days (coins)' },
  { name: 'captcha', label: 'Captcha to join' },
  { name: 'wagering_multiple', label: 'Wagering on a share (× the share)' },
  { name: 'bonus_days', label: 'Bonus expires after (days)' },
] as const;

type ConsoleMessage = ChatConsoleRoom['messages'][number];
type Target = { id: number; name: string };

const MUTE_CHIPS = [
  { value: '10', label: '10 min' },
  { value: '60', label: '1 h' },
  { value: '1440', label: '24 h' },
  { value: '10080', label: '7 days' },
  { value: '43200', label: '30 days' },
] as const;

/** The rooms, each by its language's own name (the players' panel lists them the same way). */
const ROOM_CHIPS = CHAT_ROOMS.map((room) => ({ value: room, label: `${LOCALE_NAMES[CHAT_ROOM_LOCALES[room]]} (${room})` }));

export default function ChatPage() {
  const [chosen, setChosen] = useState<ChatRoom>('en');
  const room = useAdminData(chat.adminChatRoom, { params: { room: chosen } });
  const reports = useAdminData(chat.adminChatReports, {});
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const [target, setTarget] = useState<Target | null>(null);
  const [minutes, setMinutes] = useState<string>('10');
  const [reason, setReason] = useState('');
  const [slow, setSlow] = useState<string | null>(null);

  /** Sends one moderation call, shows its answer and reloads the lists. */
  const act = async <R extends Route>(route: R, input: CallInput<R>) => {
    const answer = await adminSendFor(route, input);
    setOutcome(answer.error === null ? { text: (answer.data as { message: string }).message, failed: false } : { text: answer.error, failed: true });
    room.reload();
    reports.reload();
    return answer.error === null;
  };
  const sanction = async <R extends Route>(route: R, input: CallInput<R>) => {
    if (await act(route, input)) setReason('');
  };

  const author = (m: ConsoleMessage) => (
    m.kind === 'system' ? <span title={`About ${m.user_name}`}>Shop</span> : <button type="button" className="admin-chat__author" onClick={() => setTarget({ id: m.user_id, name: m.user_name })}>
      {m.user_name}
    </button>
  );
  const messageColumns: readonly HistoryColumn<ConsoleMessage>[] = [
    { label: 'When', cell: (m) => formatDateTime(m.created_at) },
    { label: 'Player', cell: author },
    { label: 'Message', cell: (m) => <span className="admin-chat__text">{m.text}</span> },
    {
      label: '',
      cell: (m) =>
        m.deleted ? (
          <span className="admin-chat__deleted">Deleted</span>
        ) : (
          <Button size="small" variant="danger" onClick={() => void act(chat.adminChatDelete, { params: { id: m.id } })}>
            Delete
          </Button>
        ),
    },
  ];
  type Report = NonNullable<typeof reports.data>['data'][number];
  const reportColumns: readonly HistoryColumn<Report>[] = [
    { label: 'Reported', cell: (r) => `${formatDateTime(r.created_at)} by ${r.reporter.name}` },
    { label: 'Room', cell: (r) => r.message.room },
    { label: 'Reason', cell: (r) => r.reason || '–' },
    { label: 'Player', cell: (r) => author(r.message) },
    { label: 'Message', cell: (r) => <span className="admin-chat__text">{r.message.text}</span> },
    {
      label: 'Decision',
      cell: (r) => (
        <span className="admin__toolbar">
          {r.message.deleted ? (
            <span className="admin-chat__deleted">Deleted</span>
          ) : (
            <Button size="small" variant="danger" onClick={() => void act(chat.adminChatDelete, { params: { id: r.message.id } })}>
              Delete message
            </Button>
          )}
          <Button size="small" variant="secondary" onClick={() => void act(chat.adminChatReportDismiss, { params: { id: r.id } })}>
            Dismiss
          </Button>
        </span>
      ),
    },
  ];

  // Only the chosen room's answer is shown: while the next room loads, the last one's is hidden, so
  // its slow mode cannot be sent to the other.
  const state = room.data?.data.room === chosen ? room.data.data : undefined;
  // The slow-mode draft gives way once the room's reloaded answer holds the same value, so the field
  // never shows the value from before the save while the reload is on its way (a field that changes
  // under a moderator's typing loses keys), and a value typed since stays the next one to send.
  const savedSlow = state?.slow_mode_seconds;
  useEffect(() => {
    if (savedSlow !== undefined) setSlow((draft) => (draft === String(savedSlow) ? null : draft));
  }, [savedSlow]);
  const error = room.error ?? reports.error;
  return (
    <section className="admin__section">
      <h1>Chat</h1>
      {(error ?? outcome) && (
        <p className={error || outcome?.failed ? 'admin__error' : 'admin__notice'} role="status">
          {error ?? outcome?.text}
        </p>
      )}
      <ChipGroup
        label="Chat room"
        chips={ROOM_CHIPS}
        value={chosen}
        onChange={(next) => {
          setSlow(null);
          setChosen(next);
        }}
      />
      {state && (
        <div className="admin__panel" aria-label="Room">
          <h2>Room {state.room}</h2>
          <div className="admin__toolbar">
            <span data-testid="chat-switch">{state.enabled ? 'The chat is open.' : 'The chat is closed for everyone.'}</span>
            <Button size="small" variant={state.enabled ? 'danger' : 'primary'} onClick={() => void act(chat.adminChatSwitch, { body: { enabled: !state.enabled } })}>
              {state.enabled ? 'Close the chat' : 'Open the chat'}
            </Button>
          </div>
          <form
            className="admin__toolbar"
            onSubmit={(e) => {
              e.preventDefault();
              void act(chat.adminChatSlowMode, { params: { room: chosen }, body: { slow_mode_seconds: Number(slow ?? state.slow_mode_seconds) } });
            }}
          >
            <TextInput small label="Slow mode (seconds between messages, 0: off)" inputMode="numeric" value={slow ?? String(state.slow_mode_seconds)} onChange={(e) => setSlow(e.currentTarget.value.trim())} />
            <Button type="submit" size="small" variant="secondary">
              Set slow mode
            </Button>
          </form>
        </div>
      )}
      {target && (
        <form className="admin__panel" aria-label="Player" onSubmit={(e) => (e.preventDefault(), void sanction(chat.adminChatMute, { params: { id: target.id }, body: { minutes: Number(minutes), reason } }))}>
          <h2>Player: {target.name}</h2>
          <ChipGroup label="Mute for" chips={MUTE_CHIPS} value={minutes as (typeof MUTE_CHIPS)[number]['value']} onChange={setMinutes} />
          <div className="admin__toolbar">
            <TextInput small label="Reason" value={reason} maxLength={200} onChange={(e) => setReason(e.currentTarget.value)} />
            <Button type="submit" size="small">
              Mute
            </Button>
            <Button size="small" variant="danger" onClick={() => void sanction(chat.adminChatBan, { params: { id: target.id }, body: { banned: true, reason } })}>
              Ban from chat
            </Button>
          </div>
          <div className="admin__toolbar">
            <Button size="small" variant="secondary" onClick={() => void act(chat.adminChatUnmute, { params: { id: target.id } })}>
              Lift mute
            </Button>
            <Button size="small" variant="secondary" onClick={() => void sanction(chat.adminChatBan, { params: { id: target.id }, body: { banned: false, reason } })}>
              Lift ban
            </Button>
            <Button size="small" variant="danger" onClick={() => void act(chat.adminChatClear, { params: { id: target.id } })}>
              Clear last 24 h
            </Button>
          </div>
        </form>
      )}
      <h2>Reports</h2>
      {reports.data && <HistoryTable columns={reportColumns} rows={reports.data.data} empty="No open reports." testId="chat-report-row" />}
      <h2>Last messages</h2>
      <p className="admin__notice">Choose a player&apos;s name to mute, ban or clear them.</p>
      {state && <HistoryTable columns={messageColumns} rows={state.messages} empty="No messages yet." testId="chat-message-row" />}
      <h2>Settings</h2>
      <SettingsForm title="Who may write" testId="chat-settings" read={chat.adminChatSettings} write={chat.adminChatSettingsSet} fields={CHAT_FIELDS} saved="Saved: the next message is held to it." />
      <SettingsForm title="Tips" testId="tip-settings" read={chat.adminTipSettings} write={chat.adminTipSettingsSet} fields={TIP_FIELDS} saved="Saved: the next tip is held to it." />
      <SettingsForm title="Rain" testId="rain-settings" read={chat.adminRainSettings} write={chat.adminRainSettingsSet} fields={RAIN_FIELDS} saved="Saved: the leader node runs the next rain by it." />
    </section>
  );
}
