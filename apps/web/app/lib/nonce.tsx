import { createContext, useContext } from 'react'

const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

/** The Content-Security-Policy nonce of the response being rendered; empty in the browser. */
export const useNonce = () => useContext(NonceContext)
