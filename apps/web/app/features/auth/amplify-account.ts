/** What the account page changes through Amplify, loaded when the customer first saves a change there (see amplify.ts). */
import { deleteUser as amplifyDeleteUser, updatePassword as amplifyUpdatePassword, updateUserAttributes as amplifyUpdateUserAttributes } from 'aws-amplify/auth'

export const updateUserAttributes = (userAttributes: Record<string, string>) => amplifyUpdateUserAttributes({ userAttributes })

export const updatePassword = (oldPassword: string, newPassword: string) => amplifyUpdatePassword({ oldPassword, newPassword })

export const deleteUser = () => amplifyDeleteUser()
