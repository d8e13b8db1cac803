/** The one colour format settings store (#rrggbb), and the words a refusal uses, on the server and in the form alike. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const COLOUR_MESSAGE = "Must be a colour like #2255dd";
