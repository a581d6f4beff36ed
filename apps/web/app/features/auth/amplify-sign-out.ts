/** Amplify's sign-out, loaded when a session ends (see amplify.ts). */
export { signOut } from 'aws-amplify/auth'
