/** Amplify's sign-in through the hosted sign-in page (Google, Apple), loaded when a customer chooses one (see amplify.ts). */
import type { SocialProvider } from '@salon/contracts/web'
import { signInWithRedirect as amplifySignInWithRedirect } from 'aws-amplify/auth'

export const signInWithRedirect = (provider: SocialProvider) => amplifySignInWithRedirect({ provider })
