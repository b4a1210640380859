from enum import StrEnum


class DeletePdbCommandType(StrEnum):
    DELETE_PDB = "delete_pdb"

    def __str__(self) -> str:
        return str(self.value)
