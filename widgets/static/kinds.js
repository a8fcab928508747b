// @ts-check
// The puzzle kinds of the book (widgets/puzzles/registry.py KINDS; tests/widgets/test_progress_file.py keeps the
// two the same): a progress file that names another kind is refused (progress_file.js).
export const PUZZLE_KINDS = [
  "after_hand", "bury", "calling", "count_trumps", "deal", "endgame", "first_dealer", "follow_legal", "give_points", "highest",
  "kitty_score", "last_trick", "lead_legal", "level_change", "next_leader", "pick_follow", "shape", "throw",
  "trick_points", "trick_winner", "ys_action", "ys_challenge", "ys_deal", "ys_draw", "ys_first_player", "ys_state",
];
