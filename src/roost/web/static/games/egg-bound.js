// egg-bound: drawn by the generic board until its own module lands.

import generic from "./generic.js";

export default { ...generic, blurb: "Keep your Good Eggs and spoil everyone else's. Chickens challenge each other on stars; Cluck-Off cancels an attack at the last moment." };
