import { create } from 'zustand';

// The email of the registration just made: the Login tab that opens after it starts with it filled in.
export const useRegisteredEmail = create<{ email: string; remember(email: string): void }>((set) => ({
  email: '',
  remember: (email) => set({ email }),
}));
