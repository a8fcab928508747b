// What the book's front ends find around them, for the type checker (tsconfig.json).

/** Every face of the deck with jokers, and "back": decorative SVG, written in front of a bundle by
 * widgets/front_ends.py (cardlib.render's one drawing of a card). */
declare const CARD_FACES: Record<string, string>;
