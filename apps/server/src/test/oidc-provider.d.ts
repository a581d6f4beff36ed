// oidc-provider ships no types of its own; the stand-in for Google types what it uses (google-stand-in.ts).
declare module 'oidc-provider'
