// The floor's own (empty) configuration, so that Next does not take the storefront's.
const config = {};
export default config;
