// manda-huevos: drawn by the generic board until its own module lands.

import generic from "./generic.js";

export default { ...generic, blurb: "Fill your own container with the best eggs, or slip the bad ones into your friends'. Move, swap and put eggs to sleep; the hen is worth a gamble." };
