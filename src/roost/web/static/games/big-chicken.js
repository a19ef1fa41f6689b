// big-chicken: drawn by the generic board until its own module lands.

import generic from "./generic.js";

export default { ...generic, blurb: "Climbing card game: beat the lay on the table or pass. Ducks are wild, Chickens rule the roost, and Big Red beats them all." };
