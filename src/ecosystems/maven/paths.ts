// Maven's local repository layout, shared by the ecosystem (frame paths) and its manifest reader.

/** `.m2/repository/org/slf4j/slf4j-api/2.0.9/…`: the group path, artifact and version. */
export const IN_M2 = /\.m2\/repository\/((?:[^/]+\/)+?)([^/]+)\/([^/]+)\/[^/]+$/;
