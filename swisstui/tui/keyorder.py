"""Keys taken one at a time, each by the screen that is on view once the key before it has
been handled (issue 31, item 3: "no key may be lost or misplaced whatever the gap").

SSH delivers keys in bursts (a paste or a bouncing key does the same).  Textual routes each
key to the focused widget the moment the application reads it, while the key before it is
still on its way up the widgets to the binding it runs: ``n`` then ``Kim`` on the
registration screen sent ``K``, ``i``, ``m`` to the list of players before ``n`` had opened
the new-player form, so ``i`` opened the import prompt and the form stayed empty; F8 then
Down moved the list under the export picker.

:class:`OrderedKeysApp` holds the keys (and pastes) it reads in a queue and lets the next
one go only when the one before has been handled everywhere it goes:

* A key is sent to the focused widget as Textual sends it, followed by a mark
  (:class:`OrderedKeysApp.Passed`) that climbs the same widgets behind it; when the mark
  reaches the application, every widget on the way has handled the key, and the binding it
  runs has run.  A second mark follows the first, behind the messages the key made on its
  way (an Input's ``Submitted``, an OptionList's ``OptionSelected``: the Enter that answers
  a dialog answers it before the next key is sent).
* When the screen on view changes (a dialog pushed, answered, a mode switched), the keys
  wait for a mark sent through the new screen: it has been mounted, and its first field
  has the cursor, before the next key is sent to it.  So the keys typed behind the key that
  opens a dialog go to the dialog, in order.
* A dialog answers once: the keys typed behind its answer, before it closed, go on to the
  dialog its answer opens (the list of games, then the event form), but never to the mode
  screen below (a second Enter of a bouncing key does not edit the player just added):
  they are refused with a bell.
* A mark whose widget is removed on the way (a dialog closed under it) is not waited for,
  and no key waits more than :data:`HOLD_LIMIT` behind another (a key handled by long work
  in a widget): then the keys go on as Textual would send them.

What a dialog then does with the keys is its own rule: a question that pops up while the
director is typing refuses them and lists them (``ConfirmScreen(enter_confirms=False)``,
the export file prompt)."""

from __future__ import annotations

from collections import deque
from time import monotonic

from textual import _time, events
from textual.app import App
from textual.message import Message
from textual.message_pump import MessagePump
from textual.screen import ModalScreen, Screen
from textual.timer import Timer

# the longest a key waits behind the one before it (seconds)
HOLD_LIMIT = 1.0
# how often a mark that may have been lost is looked for (seconds)
CHECK_EVERY = 0.05

Typed = events.Key | events.Paste


def _gone(pump: MessagePump | None) -> bool:
    """The pump no longer handles its messages (closed, closing, or out of the DOM)."""
    if pump is None:
        return True
    closed = getattr(pump, "_closing", False) or getattr(pump, "_closed", False)
    return bool(closed) or not getattr(pump, "is_attached", True)


class OrderedKeysApp(App):
    """An application that handles typed keys one at a time (module docstring)."""

    class Passed(Message):
        """Climbs the widgets behind a key: when it reaches the application, the key has
        been handled (``final``: the last mark of this key)."""

        def __init__(self, target: MessagePump, top: Screen, final: bool, since: float
                     ) -> None:
            super().__init__()
            self.target, self.top, self.final, self.since = target, top, final, since
            self.at: MessagePump | None = target  # the widget it was last sent to

        def _bubble_to(self, widget: MessagePump) -> None:
            self.at = widget
            super()._bubble_to(widget)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._typed: deque[Typed] = deque()
        self._passing: OrderedKeysApp.Passed | None = None
        self._watchdog: Timer | None = None
        self._checked = 0.0  # when the watchdog last looked
        self._shown: Screen | None = None  # the screen on view
        self._closed_at = 0.0  # when a dialog last closed (Textual's event time)

    def _on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_changed)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            self._typed.append(event)
            await self._send_typed()
            return
        await super().on_event(event)

    async def _send_typed(self) -> None:
        """Send the keys waiting, one at a time, while no mark is on its way."""
        while self._typed and self._passing is None:
            event = self._typed.popleft()
            if not self.screen_stack:
                await super().on_event(event)
                continue
            top = self.screen
            if event.time < self._closed_at and not isinstance(top, ModalScreen):
                self.bell()  # typed behind a dialog's answer: not for the screen below
                continue
            target = self.focused or top
            await super().on_event(event)
            if event.is_forwarded:  # sent to a widget: follow it
                self._follow(target, top, final=False, since=monotonic())
            elif self.screen is not top:  # a priority binding changed the screen
                self._follow(self.screen, self.screen, final=True, since=monotonic())

    def _follow(self, target: MessagePump, top: Screen, final: bool, since: float) -> None:
        mark = self.Passed(target, top, final, since)
        if _gone(target) or not target.post_message(mark):
            self._passing = None
            return
        self._passing = mark
        if self._watchdog is None:
            self._checked = monotonic()
            self._watchdog = self.set_interval(CHECK_EVERY, self._check_mark,
                                               name="key order")

    async def on_ordered_keys_app_passed(self, mark: OrderedKeysApp.Passed) -> None:
        mark.stop()
        if mark is self._passing:
            self._passing = None
            await self._after(mark)

    async def _after(self, mark: OrderedKeysApp.Passed) -> None:
        """A mark arrived (or was lost): follow the key further, or send the next one."""
        if self.screen_stack and self.screen is not mark.top:
            self._follow(self.screen, self.screen, final=True, since=mark.since)
        elif not mark.final:
            target = mark.target if not _gone(mark.target) else self.screen
            self._follow(target, mark.top, final=True, since=mark.since)
        if self._passing is None:
            await self._send_typed()

    def _screen_changed(self, _screen: Screen) -> None:
        """A screen pushed, popped or switched: the next key waits until it is shown."""
        if not self.screen_stack:
            return
        closed, self._shown = self._shown, self.screen
        if isinstance(closed, ModalScreen) and closed not in self.screen_stack:
            self._closed_at = _time.get_time()
        since = self._passing.since if self._passing is not None else monotonic()
        self._follow(self.screen, self.screen, final=True, since=since)
        if self._passing is None and self._typed:  # no mark could be sent: go on
            self.call_later(self._send_typed)

    async def _check_mark(self) -> None:
        mark = self._passing
        if mark is None:
            if self._watchdog is not None:
                self._watchdog.stop()
                self._watchdog = None
            return
        now = monotonic()
        # time the whole program was busy (a long step in the application's own task) is
        # not time the mark was lost: every widget was waiting too
        stalled = now - self._checked - 2 * CHECK_EVERY
        self._checked = now
        if stalled > 0:
            mark.since += stalled
        if now - mark.since > HOLD_LIMIT:  # never hold the keys longer
            self._passing = None
            await self._send_typed()
        elif _gone(mark.at):  # removed under the mark: it will not arrive
            self._passing = None
            await self._after(mark)
