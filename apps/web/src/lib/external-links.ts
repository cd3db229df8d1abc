/** The community invite behind every Join Discord link (configurable at build time). */
export const DISCORD_INVITE_URL =
  import.meta.env.VITE_DISCORD_INVITE?.trim() || 'https://discord.gg/stellar';
