/** Settings the web app needs in the browser; none of them is secret. */
export interface PublicConfig {
  shopId: string
  apiKey: string
  /** Where the browser sends API calls: '/api/' on the same origin, or an absolute URL. */
  apiBaseUrl: string
  /** The site's public address (no trailing slash) for canonical links and shared links; null: the address each page was served at. */
  siteUrl: string | null
  gaMeasurementId: string | null
  identity: IdentityConfig
}

/** The user pool the web app signs customers in with (docs/product.md §7, identity provider operations). */
export interface IdentityConfig {
  region: string
  userPoolId: string
  userPoolClientId: string
  /**
   * The Cognito-compatible endpoint: '/cognito/' on this origin for the built-in identity service,
   * or null for a real Amazon Cognito user pool (Amplify then uses AWS's own endpoint).
   */
  endpoint: string | null
  /**
   * The hosted sign-in domain Amplify's signInWithRedirect goes to (a host name, as Cognito's are written), and the
   * social providers that are switched on there; null or absent: no redirect sign-in is offered (docs/decisions/018).
   */
  oauth?: {
    domain: string
    providers: SocialProvider[]
    /** The origins the domain sends customers back to; the buttons show only there. Absent: anywhere (a real Cognito domain). */
    origins?: string[]
  } | null
}

/** Amplify's names for the providers of a hosted sign-in. */
export type SocialProvider = 'Google' | 'Apple'

/** What the server hands every React Router loader and action. */
export interface WebLoadContext {
  /** The Content-Security-Policy nonce of this response, for inline scripts. */
  nonce: string
  config: PublicConfig
  /** Calls the API: in process when it is served by this same server, over HTTP otherwise. */
  apiFetch: (request: Request) => Promise<Response>
}
