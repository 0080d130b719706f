import "server-only";
import sharp from "sharp";

/**
 * sharp, with libvips' own operation cache off. Every cache is bounded by entries and bytes, and
 * kept once: the finished pictures and share cards already are (lib/images/serve.ts,
 * lib/og/serve.ts), so libvips' copy of the decoded pixels behind them (up to 50 MB and 100
 * operations by default, for the process's whole life) would only hold memory a second time.
 */
sharp.cache(false);

export default sharp;
