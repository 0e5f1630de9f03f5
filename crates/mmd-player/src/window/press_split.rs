//! A button press gets an interface pass of its own. egui hit-tests a frame's press at
//! where the pointer is at the end of the frame's events, not where it went down: when a
//! frame is slow (a software adapter, a big scene) the press and the first moves of a drag
//! arrive together, and a drag begun on a Pose mode handle or a slider would grab whatever
//! lies under the pointer by then (the view, which orbits).

use egui::{Event, RawInput};

/// `input` cut after its first button press when more events follow it: the press with
/// everything before it, then the rest (`None` when there is nothing to cut). Both parts keep
/// the frame's screen, time and focus; dropped files go with the first.
pub fn split_after_press(mut input: RawInput) -> (RawInput, Option<RawInput>) {
    let press = input
        .events
        .iter()
        .position(|e| matches!(e, Event::PointerButton { pressed: true, .. }));
    match press {
        Some(i) if i + 1 < input.events.len() => {
            let events = input.events.split_off(i + 1);
            let rest = RawInput {
                events,
                dropped_files: Vec::new(),
                ..input.clone()
            };
            (input, Some(rest))
        }
        _ => (input, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Modifiers, PointerButton, Pos2, Rect, pos2, vec2};

    fn button(pos: Pos2, pressed: bool) -> Event {
        Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        }
    }

    fn input(events: Vec<Event>) -> RawInput {
        RawInput {
            events,
            time: Some(2.5),
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(640.0, 480.0))),
            ..RawInput::default()
        }
    }

    #[test]
    fn a_press_followed_by_moves_is_cut_after_the_press() {
        let events = vec![
            Event::PointerMoved(pos2(10.0, 10.0)),
            button(pos2(10.0, 10.0), true),
            Event::PointerMoved(pos2(60.0, 10.0)),
            Event::PointerMoved(pos2(90.0, 10.0)),
        ];
        let (first, rest) = split_after_press(input(events.clone()));
        let rest = rest.unwrap();
        assert_eq!(first.events, events[..2]);
        assert_eq!(rest.events, events[2..]);
        assert_eq!(
            (rest.time, rest.screen_rect),
            (first.time, first.screen_rect)
        );
        assert_eq!(rest.time, Some(2.5));
    }

    #[test]
    fn input_without_a_press_or_ending_with_it_stays_whole() {
        for events in [
            vec![
                Event::PointerMoved(pos2(1.0, 1.0)),
                button(pos2(1.0, 1.0), false),
            ],
            vec![
                Event::PointerMoved(pos2(1.0, 1.0)),
                button(pos2(1.0, 1.0), true),
            ],
            vec![],
        ] {
            let (whole, rest) = split_after_press(input(events.clone()));
            assert!(rest.is_none());
            assert_eq!(whole.events, events);
        }
    }

    #[test]
    fn only_the_first_press_cuts() {
        // A double click in one frame: the first press alone, then the release and the
        // second click.
        let events = vec![
            button(pos2(5.0, 5.0), true),
            button(pos2(5.0, 5.0), false),
            button(pos2(5.0, 5.0), true),
            button(pos2(5.0, 5.0), false),
        ];
        let (first, rest) = split_after_press(input(events.clone()));
        assert_eq!(first.events, events[..1]);
        assert_eq!(rest.unwrap().events, events[1..]);
    }
}
