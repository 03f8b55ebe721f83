// Where Cargo puts a crate's sources, as a path shows it.

/** `…/registry/src/<index>/<crate>-<version>/`, `…/cargo/registry/<crate>-<version>/`, `…/vendor/<crate>[-<version>]/`. */
export const CRATE_IN_PATH = /\/(?:\.cargo\/registry\/src\/[^/]+|cargo\/registry|vendor)\/([A-Za-z0-9_-]+?)(?:-(\d+\.\d+\.\d+[^/]*))?\//;
